// What the gate says, in the request's language: refusals, the question for an area, and the question before a
// sensitive action. One table per language; a language without one is answered in English.

import type { SensitiveAction } from '../confirm/index.ts';

/** What a refusal says, before it is put in words. */
export type Said =
  | { readonly kind: 'call'; readonly reason: string }
  | { readonly kind: 'negated' }
  | { readonly kind: 'condition' }
  | { readonly kind: 'candidates'; readonly which: readonly string[] }
  | { readonly kind: 'excepted'; readonly name: string }
  | { readonly kind: 'unnamed'; readonly name: string }
  | { readonly kind: 'number'; readonly spoken: string; readonly given: string }
  | { readonly kind: 'number-without-model'; readonly spoken: string };

/** The action a question asks about: what it does, and the position asked for when it sets one. */
export type AskedAction = Pick<SensitiveAction, 'verb' | 'position'>;

/** One language's words for the gate's answers. */
interface GateWords {
  refusal(said: Said): string;
  whichArea: string;
  /** "Unlock the Front Door? Say yes to confirm.", "Set the Garage Door to 30 %? Say yes to confirm." */
  confirm(action: AskedAction, names: readonly string[]): string;
}

const ENGLISH: GateWords = {
  refusal(said) {
    const sorry = 'Sorry, I could not carry that out:';
    switch (said.kind) {
      case 'call':
        return `${sorry} the model's action was rejected because ${said.reason}.`;
      case 'negated':
        return `${sorry} you asked me not to, so nothing was done.`;
      case 'condition':
        return `${sorry} it depends on a condition I could not check, so nothing was done.`;
      case 'candidates':
        return `${sorry} you asked for one of ${listOf(said.which, 'or')}, and more than one was chosen, so nothing was done.`;
      case 'excepted':
        return `${sorry} it would have included ${said.name}, which you left out, so nothing was done.`;
      case 'unnamed':
        return `${sorry} it would have acted on ${said.name}, which you did not name, so nothing was done.`;
      case 'number':
        return `${sorry} you said ${said.spoken}, and the action would have used ${said.given}, so nothing was done.`;
      case 'number-without-model':
        return `${sorry} ${said.spoken} is not a value I can send as you said it, so nothing was done.`;
    }
  },
  whichArea: 'Which area do you mean?',
  confirm(action, names) {
    const devices = listOf(
      names.map((name) => `the ${name}`),
      'and',
    );
    const asked =
      action.verb === 'set-position'
        ? `Set ${devices} to ${action.position ?? 0} %`
        : `${ENGLISH_VERBS[action.verb]} ${devices}`;
    return `${asked}? Say yes to confirm.`;
  },
};

/** What each verb is in an English question, before the devices ("Turn on the Gate Relay?"). */
const ENGLISH_VERBS: Readonly<Record<Exclude<SensitiveAction['verb'], 'set-position'>, string>> = {
  unlock: 'Unlock',
  open: 'Open',
  'turn-on': 'Turn on',
  'turn-off': 'Turn off',
  toggle: 'Toggle',
  press: 'Press',
  disarm: 'Disarm',
};

/** What each verb is in a German question, after the devices ("Gate Relay einschalten?"). */
const GERMAN_VERBS: Readonly<Record<Exclude<SensitiveAction['verb'], 'set-position'>, string>> = {
  unlock: 'entriegeln',
  open: 'öffnen',
  'turn-on': 'einschalten',
  'turn-off': 'ausschalten',
  toggle: 'umschalten',
  press: 'drücken',
  disarm: 'unscharf schalten',
};

const GERMAN: GateWords = {
  refusal(said) {
    const sorry = 'Entschuldigung, das konnte ich nicht ausführen:';
    switch (said.kind) {
      case 'call':
        return `${sorry} Die Aktion des Modells wurde abgelehnt. Es wurde nichts getan.`;
      case 'negated':
        return `${sorry} Du hast gesagt, es nicht zu tun. Es wurde nichts getan.`;
      case 'condition':
        return `${sorry} Es hängt von einer Bedingung ab, die ich nicht prüfen konnte. Es wurde nichts getan.`;
      case 'candidates':
        return `${sorry} Gefragt war eines von ${listOf(said.which, 'oder')}, gewählt wurde mehr als eines. Es wurde nichts getan.`;
      case 'excepted':
        return `${sorry} Es hätte ${said.name} eingeschlossen, das du ausgenommen hast. Es wurde nichts getan.`;
      case 'unnamed':
        return `${sorry} Es hätte ${said.name} betroffen, das du nicht genannt hast. Es wurde nichts getan.`;
      case 'number':
        return `${sorry} Du hast ${said.spoken} gesagt, die Aktion hätte ${said.given} verwendet. Es wurde nichts getan.`;
      case 'number-without-model':
        return `${sorry} ${said.spoken} kann ich nicht so senden, wie du es gesagt hast. Es wurde nichts getan.`;
    }
  },
  whichArea: 'Welchen Bereich meinst du?',
  confirm(action, names) {
    const asked = action.verb === 'set-position' ? `auf ${action.position ?? 0} % stellen` : GERMAN_VERBS[action.verb];
    return `${listOf(names, 'und')} ${asked}? Sag ja zum Bestätigen.`;
  },
};

const TABLES: Readonly<Record<string, GateWords>> = { en: ENGLISH, de: GERMAN };

/** The gate's words in `language` ("en", "de-AT"); English for a language without a table. */
export function gateWordsFor(language: string): GateWords {
  const primary = language.toLowerCase().split(/[-_]/u)[0]!;
  return Object.hasOwn(TABLES, primary) ? TABLES[primary]! : ENGLISH;
}

/** "a", "a or b", "a, b or c". */
function listOf(items: readonly string[], joiner: string): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
}
