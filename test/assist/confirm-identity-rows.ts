// Generated conversations for "a yes from someone else": who asks a sensitive question, who answers it, and what each
// answer must do, over seeded homes, per surface (Chat Completions, the Responses API, Ollama's /api/chat).

import type { Home } from '../../src/homeassistant/request/index.ts';
import { generateGateHome } from './gate-homes.ts';

/** The wire a conversation arrives on. */
export type Surface = 'chat' | 'responses' | 'ollama';

/** Who sends a request: what the surface carries of the conversation, the satellite and the agent. */
export interface Party {
  /** The conversation id (`user`); never sent on Ollama, which carries none. */
  readonly conversationId?: string;
  /** Chat Completions: the id travels as `metadata.session_id` (Local OpenAI LLM's extra body) instead of `user`. */
  readonly asSessionId?: boolean;
  /** The satellite's area, in the prompt's area line. */
  readonly satelliteArea?: string;
  /** The agent's instructions; `{time}` is the step's time, as Home Assistant renders `now()` every round. */
  readonly instructions?: string;
}

/** What one answer must be, exactly. */
export type Expect =
  /** The sensitive question (no call sent), in these words when given. */
  | { readonly kind: 'question'; readonly text?: string }
  /** Exactly these calls, with no model call. */
  | { readonly kind: 'calls'; readonly calls: readonly ExpectedCall[] }
  /** Exactly this text, with no call and no model call. */
  | { readonly kind: 'answer'; readonly text: string }
  /** No question answered: the sentence goes on as a fresh one, to the model (the fake's "ok from gemma"). */
  | { readonly kind: 'fresh' };

/** A call the app must send. */
export interface ExpectedCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/** One request of a row: a party asks for something, or replies in the conversation of an earlier ask. */
export type Step =
  | { readonly act: 'ask'; readonly by: Party; readonly text: string; readonly expect: Expect }
  /** `to`: the index of the ask step whose question (and visible history) this reply follows. */
  | { readonly act: 'reply'; readonly by: Party; readonly to: number; readonly text: string; readonly expect: Expect };

/** The kinds of conversation, each a family of rows. */
export type Kind =
  | 'same'
  | 'other-id'
  | 'other-satellite'
  | 'other-agent'
  | 'twice'
  | 'no'
  | 'german-yes'
  | 'german-no';

/** One generated conversation. */
export interface IdentityRow {
  readonly name: string;
  readonly surface: Surface;
  readonly kind: Kind;
  /** The grammar's language: `de` runs the app with Home Assistant's German grammar. */
  readonly language: 'en' | 'de';
  readonly home: Home;
  readonly era: '2025' | '2026';
  readonly steps: readonly Step[];
}

const YES = ['yes', 'Yes.', 'yes please', 'confirm', 'do it', 'go ahead', 'Yeah!'];
const NO = ['no', 'No.', 'no thanks', 'cancel', 'stop', "don't", 'never mind'];
const JA = ['ja', 'Ja.', 'ja bitte', 'jawohl', 'genau', 'mach das', 'bestätigen', 'los', 'Ja, bitte!'];
const NEIN = ['nein', 'Nein.', 'nein danke', 'abbrechen', 'stopp', 'lieber nicht'];

/** A user-configured agent whose instructions name the time, which Home Assistant renders again every round. */
const BUTLER = (seed: number) => `You are Butler, the voice of home ${seed}.\nThe time is {time}.`;

/** The kinds per surface: Ollama carries no conversation id, so it has no "another id" row. */
const KINDS: Readonly<Record<Surface, readonly Kind[]>> = {
  chat: ['same', 'other-id', 'other-satellite', 'other-agent', 'twice', 'no', 'german-yes', 'german-no'],
  responses: ['same', 'other-id', 'other-satellite', 'other-agent', 'twice', 'no', 'german-yes', 'german-no'],
  ollama: ['same', 'other-satellite', 'other-agent', 'twice', 'no', 'german-yes', 'german-no'],
};

/** The seeds of the homes: each gives one row of every kind. */
const SEEDS = [11, 12, 13, 14];

/** Every row of `surface`: one per kind and seeded home. */
export function identityRows(surface: Surface): IdentityRow[] {
  return SEEDS.flatMap((seed) => KINDS[surface].map((kind) => identityRow(surface, kind, seed)));
}

function identityRow(surface: Surface, kind: Kind, seed: number): IdentityRow {
  const gate = generateGateHome(seed * 31 + KINDS.chat.indexOf(kind));
  const { random } = gate;
  const area = random.pick(gate.areas);
  const door = gate.door(area);
  const hasIds = surface !== 'ollama';
  const id = (name: string) => (hasIds ? { conversationId: `01KM${seed}${kind.length}${name}`.toUpperCase() } : {});
  // Chat Completions rows of odd seeds carry the id as Local OpenAI LLM's metadata.session_id.
  const viaSession = surface === 'chat' && seed % 2 === 1 ? { asSessionId: true } : {};
  const a: Party = { ...id('A'), ...viaSession };
  const german = kind.startsWith('german');
  const askText = german
    ? random.pick([`${door} aufschließen`, `entsperre die ${door}`])
    : random.pick([`Unlock the ${door}`, `unlock the ${door.toLowerCase()}`]);
  const unlock: Expect = {
    kind: 'calls',
    calls: [{ name: 'HassTurnOff', arguments: { name: door, domain: ['lock'] } }],
  };
  const yes = random.pick(german ? JA : YES);
  // The German question's words belong to the gate's answers; the English ones are the README's.
  const question: Expect = german
    ? { kind: 'question' }
    : { kind: 'question', text: `Unlock the ${door}? Say yes to confirm.` };
  const ask = (by: Party): Step => ({ act: 'ask', by, text: askText, expect: question });
  const reply = (by: Party, to: number, text: string, expect: Expect): Step => ({ act: 'reply', by, to, text, expect });
  const steps = ((): Step[] => {
    switch (kind) {
      case 'same': {
        // Any satellite and agent: the same ones answer, though the time in the instructions moved on.
        const asker: Party = {
          ...a,
          ...(random.chance(0.5) ? { satelliteArea: random.pick(gate.areas) } : {}),
          ...(random.chance(0.5) ? { instructions: BUTLER(seed) } : {}),
        };
        return [ask(asker), reply(asker, 0, yes, unlock)];
      }
      case 'german-yes':
        return [ask(a), reply(a, 0, yes, unlock)];
      case 'other-id': {
        const b: Party = { ...id('B'), ...viaSession };
        return [ask(a), reply(b, 0, yes, { kind: 'fresh' }), reply(a, 0, yes, unlock)];
      }
      case 'other-satellite': {
        const here = random.pick(gate.areas);
        const elsewhere = random.pick(gate.areas.filter((candidate) => candidate !== here));
        const asker: Party = { ...a, satelliteArea: here };
        return [
          ask(asker),
          reply({ ...a, satelliteArea: elsewhere }, 0, yes, { kind: 'fresh' }),
          reply(asker, 0, yes, unlock),
        ];
      }
      case 'other-agent': {
        const butler: Party = { ...a, instructions: BUTLER(seed) };
        return [ask(butler), reply(a, 0, yes, { kind: 'fresh' }), reply(butler, 0, yes, unlock)];
      }
      case 'twice': {
        // On Ollama the two conversations are the same request: indistinguishable, each question is answered once.
        const b: Party = { ...id('B'), ...viaSession };
        return [
          ask(a),
          ask(b),
          reply(a, 0, yes, unlock),
          reply(b, 1, yes, unlock),
          reply(a, 0, yes, { kind: 'fresh' }),
        ];
      }
      case 'no':
      case 'german-no': {
        const no = random.pick(german ? NEIN : NO);
        const cancelled = german ? 'OK, ich mache es nicht.' : "OK, I won't.";
        return [ask(a), reply(a, 0, no, { kind: 'answer', text: cancelled }), reply(a, 0, yes, { kind: 'fresh' })];
      }
    }
  })();
  return {
    name: `${surface} ${kind} seed ${seed}: ${askText}`,
    surface,
    kind,
    language: german ? 'de' : 'en',
    home: gate.home,
    era: random.pick(['2025', '2026'] as const),
    steps,
  };
}
