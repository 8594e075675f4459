// The German families of issue 24 ("German loses the English safeguards"): generated German sentences over generated
// German homes, with Home Assistant's German grammar. Every row states the exact calls sent or the exact answer.

import { buildHaRequest, type HaChatRequest } from '../../src/homeassistant/request/index.ts';
import type { GateRow, Outcome, Sent } from './gate-rows.ts';
import { byName, type GermanHome, type GermanLight, generateGermanHome } from './german-homes.ts';

function requestOf(home: GermanHome, text: string, satelliteArea?: string): HaChatRequest {
  return buildHaRequest(home.home, {
    userText: text,
    era: '2026',
    ...(satelliteArea === undefined ? {} : { satelliteArea }),
  });
}

const homes = (count: number, unavailable = 0) =>
  Array.from({ length: count }, (_, i) => generateGermanHome(2000 + i, { unavailable }));

/** "A", "A und B", "A, B und C". */
export function listGerman(names: readonly string[], joiner: 'und' | 'oder'): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${joiner} ${names.at(-1)}`;
}

/** "Welches meinst du: A (Küche) oder B (Küche)?" */
function whichOf(lights: readonly GermanLight[]): string {
  return `Welches meinst du: ${listGerman(
    byName(lights).map((light) => `${light.name} (${light.area})`),
    'oder',
  )}?`;
}

/** The gate's German answer to a model's call it rejects. */
const MODEL_REFUSED =
  'Entschuldigung, das konnte ich nicht ausführen: Die Aktion des Modells wurde abgelehnt. Es wurde nichts getan.';

/** A row the model never sees: the same outcome with any scripted answer. */
function deterministic(text: string, home: GermanHome, outcome: Outcome): GateRow {
  return {
    text,
    home: home.home,
    request: requestOf(home, text),
    isDeterministic: true,
    withoutModel: outcome,
    withModel: [{ calls: [], outcome }],
  };
}

/**
 * "Die Lampe" is one device: with one light in the area it is switched, with several which one is asked (or the
 * model picks one of them); "die Lampen", "alle Lichter", "das Licht" and "die Beleuchtung" are the area's lights.
 */
export function germanSingularPluralRows(): GateRow[] {
  const verbs = [
    { said: (x: string, where: string) => `mach ${x} ${where} aus`, tool: 'HassTurnOff' },
    { said: (x: string, where: string) => `schalte ${x} ${where} aus`, tool: 'HassTurnOff' },
    { said: (x: string, where: string) => `schalte ${x} ${where} an`, tool: 'HassTurnOn' },
  ];
  const plurals = ['die Lampen', 'die Lichter', 'alle Lichter', 'das Licht', 'die Beleuchtung'];
  return homes(36).map((home, i) => {
    const verb = verbs[i % verbs.length]!;
    // Every other row names one lamp in an area with several lights, when the home has such an area.
    const several = home.areas.filter((area) => home.lightsIn(area.name).length > 1);
    const single = home.areas.filter((area) => home.lightsIn(area.name).length === 1);
    const isPlural = i % 3 === 2;
    const pool = isPlural
      ? home.areas
      : i % 3 === 0 && several.length > 0
        ? several
        : single.length > 0
          ? single
          : several;
    const area = home.random.pick(pool);
    const lights = home.lightsIn(area.name);
    const text = verb.said(isPlural ? home.random.pick(plurals) : 'die Lampe', area.in);
    const inArea: Sent = { name: verb.tool, arguments: { area: area.name, domain: ['light'] } };
    if (isPlural || lights.length === 1) return deterministic(text, home, { calls: [inArea] });
    const picked = home.random.pick(lights).name;
    const one: Sent = { name: verb.tool, arguments: { name: picked } };
    return {
      text,
      home: home.home,
      request: requestOf(home, text),
      withoutModel: { answer: whichOf(lights) },
      withModel: [
        { calls: [one], outcome: { calls: [one] } },
        // A model that widens the lamp to every light of the area is refused by the gate.
        { calls: [inArea], outcome: { answer: MODEL_REFUSED } },
        { calls: [], outcome: { answer: 'model says' } },
      ],
    };
  });
}

/**
 * "Alle Lichter" with no place: from a satellite its area's lights, with none the question for the area (Home
 * Assistant's German grammar reads them as the whole home); "überall" says the whole home.
 */
export function germanAllRows(): GateRow[] {
  const sentences = [
    { text: 'schalte alle Lichter aus', tool: 'HassTurnOff' },
    { text: 'mach alle Lampen aus', tool: 'HassTurnOff' },
    { text: 'schalte alle Lichter an', tool: 'HassTurnOn' },
  ];
  return homes(30).map((home, i) => {
    const said = sentences[i % sentences.length]!;
    const homeWide: Sent = { name: said.tool, arguments: { domain: ['light'] } };
    const satellite = home.random.pick(home.areas).name;
    const row = (text: string, where: string | undefined, outcome: Outcome): GateRow => ({
      text: where === undefined ? text : `${text} [gesagt im Bereich ${where}]`,
      home: home.home,
      request: requestOf(home, text, where),
      isDeterministic: true,
      withoutModel: outcome,
      withModel: [{ calls: [homeWide], outcome }],
    });
    switch (i % 3) {
      case 0:
        return row(said.text, satellite, {
          calls: [{ name: said.tool, arguments: { area: satellite, domain: ['light'] } }],
        });
      case 1:
        return row(said.text, undefined, { answer: 'Welchen Bereich meinst du?' });
      default:
        // Home Assistant's German grammar has a whole-home form for switching lights off only.
        return row(home.random.pick(['schalte überall das Licht aus', 'mach überall die Lichter aus']), satellite, {
          calls: [{ name: 'HassTurnOff', arguments: { domain: ['light'] } }],
        });
    }
  });
}

/** "Ja, X ist an." / "Nein, X ist aus." / "X ist nicht verfügbar." */
function stateOfOne(light: { name: string; state: string }, wanted: 'on' | 'off'): string {
  if (light.state === 'unavailable') return `${light.name} ist nicht verfügbar.`;
  const said = (state: string) => (state === 'on' ? 'an' : 'aus');
  return light.state === wanted
    ? `Ja, ${light.name} ist ${said(wanted)}.`
    : `Nein, ${light.name} ist ${said(light.state)}.`;
}

/** " 2 sind nicht verfügbar." after a count, or nothing. */
function silentOf(lights: readonly GermanLight[]): string {
  const count = lights.filter((light) => light.state === 'unavailable').length;
  return count === 0 ? '' : ` ${count} ${count === 1 ? 'ist' : 'sind'} nicht verfügbar.`;
}

/** "wie viele Lichter sind im Bad an" → "2 Lichter sind an: A und B." */
export function howManyGerman(lights: readonly GermanLight[]): string {
  const on = byName(lights.filter((light) => light.state === 'on')).map((light) => light.name);
  const noun = on.length === 1 ? 'Licht ist' : 'Lichter sind';
  return `${on.length} ${noun} an${on.length > 0 ? `: ${listGerman(on, 'und')}` : ''}.${silentOf(lights)}`;
}

/** "welche Lichter sind im Bad an" → "A und B sind an." / "Kein Licht ist an." */
function whichOnGerman(lights: readonly GermanLight[]): string {
  const on = byName(lights.filter((light) => light.state === 'on')).map((light) => light.name);
  const said =
    on.length === 0 ? 'Kein Licht ist an.' : `${listGerman(on, 'und')} ${on.length === 1 ? 'ist' : 'sind'} an.`;
  return `${said}${silentOf(lights)}`;
}

/** "ist ein Licht im Bad an" → "Ja, A ist an." / "Nein, kein Licht ist an." */
function anyOnGerman(lights: readonly GermanLight[]): string {
  const on = byName(lights.filter((light) => light.state === 'on')).map((light) => light.name);
  const said =
    on.length === 0
      ? 'Nein, kein Licht ist an.'
      : `Ja, ${listGerman(on, 'und')} ${on.length === 1 ? 'ist' : 'sind'} an.`;
  return `${said}${silentOf(lights)}`;
}

/** A reading as Home Assistant's German responses say it: "20,5 Grad". */
function gradOf(value: number): string {
  return `${String(value).replace('.', ',')} Grad`;
}

/**
 * Every answer HA-Assist gives itself in a German turn, in German: state questions about one device or several, the
 * question for one of several, a device the area lacks, a temperature. Some devices do not report.
 */
export function germanAnswerRows(): GateRow[] {
  const kinds = ['one', 'how-many', 'which', 'any', 'ask', 'missing', 'temperature', 'window'] as const;
  return homes(40, 0.2).map((home, i) => {
    const kind = kinds[i % kinds.length]!;
    const area = home.random.pick(home.areas);
    const lights = home.lightsIn(area.name);
    switch (kind) {
      case 'one': {
        const light = home.random.pick(home.lights);
        const wanted = home.random.pick(['on', 'off'] as const);
        return deterministic(`ist ${light.name} ${wanted === 'on' ? 'an' : 'aus'}`, home, {
          answer: stateOfOne(light, wanted),
        });
      }
      case 'how-many':
        return deterministic(`wie viele Lichter sind ${area.in} an`, home, { answer: howManyGerman(lights) });
      case 'which':
        return deterministic(`welche Lichter sind ${area.in} an`, home, { answer: whichOnGerman(lights) });
      case 'any':
        return deterministic(`ist ein Licht ${area.in} an`, home, { answer: anyOnGerman(lights) });
      case 'ask': {
        const roomy = home.areas.find((candidate) => home.lightsIn(candidate.name).length > 1);
        if (roomy === undefined)
          return deterministic(`wie viele Lichter sind ${area.in} an`, home, { answer: howManyGerman(lights) });
        const text = `mach die Lampe ${roomy.in} aus`;
        return {
          text,
          home: home.home,
          request: requestOf(home, text),
          withoutModel: { answer: whichOf(home.lightsIn(roomy.name)) },
          withModel: [{ calls: [], outcome: { answer: 'model says' } }],
        };
      }
      case 'missing': {
        const bare = home.areas.find((candidate) => !home.fans.includes(candidate.name));
        if (bare === undefined)
          return deterministic(`welche Lichter sind ${area.in} an`, home, { answer: whichOnGerman(lights) });
        const text = `schalte den Ventilator ${bare.in} aus`;
        const answer = `Im Bereich ${bare.name} ist kein Ventilator.`;
        return {
          text,
          home: home.home,
          request: requestOf(home, text),
          withoutModel: { answer },
          withModel: [{ calls: [], outcome: { answer: 'model says' } }],
        };
      }
      case 'temperature': {
        const thermostat = home.thermostat(area.name);
        return deterministic(`wie warm ist es ${area.in}`, home, {
          answer: `Im Bereich ${area.name} sind es ${gradOf(thermostat.temperature)} (${thermostat.name}).`,
        });
      }
      default: {
        // 'window'
        const window = home.window(area.name);
        const answer =
          window.state === 'unavailable'
            ? `${window.name} ist nicht verfügbar.`
            : window.state === 'on'
              ? `Ja, ${window.name} ist offen.`
              : `Nein, ${window.name} ist geschlossen.`;
        return deterministic(`ist das ${window.name} offen`, home, { answer });
      }
    }
  });
}

/** English words no German answer may hold (names of this generator's homes hold none of them). */
export const ENGLISH_WORDS =
  /\b(the|is|are|yes|no|which|one|mean|there|light|lights|off|open|closed|unavailable|sorry|it|and|or|area|not|all|none|outside|today|device|devices|degrees)\b/iu;
