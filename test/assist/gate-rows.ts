// The gate's families: generated sentences over generated homes, each with what must happen without a model and
// with each scripted answer of the model. Every row states the exact calls sent or the exact answer.

import { buildHaRequest, type HaChatRequest, type Home } from '../../src/homeassistant/request/index.ts';
import { type GateHome, generateGateHome } from './gate-homes.ts';

/** A call as the tests compare it: the tool and its parsed arguments. */
export interface Sent {
  name: string;
  arguments: Record<string, unknown>;
}

/** What a turn must end in: exactly these calls, exactly this answer, or an error code. */
export type Outcome = { calls: Sent[] } | { answer: string } | { error: string };

/** One generated turn: its request, the outcome without a model, and the outcome for each scripted model answer. */
export interface GateRow {
  text: string;
  home: Home;
  request: HaChatRequest;
  withoutModel: Outcome;
  /** A scripted model answer (its calls) and what must come of it. */
  withModel: { calls: Sent[]; outcome: Outcome }[];
  /** The model is never called, with or without one configured. */
  isDeterministic?: boolean;
}

const SORRY = 'Sorry, I could not carry that out:';

/** The request of `text` in `home` (from a satellite in `satelliteArea`, when given). */
function requestOf(home: GateHome, text: string, satelliteArea?: string): HaChatRequest {
  return buildHaRequest(home.home, {
    userText: text,
    era: '2026',
    ...(satelliteArea === undefined ? {} : { satelliteArea }),
  });
}

const seeds = (count: number) => Array.from({ length: count }, (_, i) => generateGateHome(1000 + i));

/** Row 1: a number's sign is part of it; a value the grammar or the tool does not take is never changed. */
export function signedNumberRows(): GateRow[] {
  const signs = [
    { written: (n: number) => `-${n}`, spoken: (n: number) => `-${n}` },
    { written: (n: number) => `\u2212${n}`, spoken: (n: number) => `\u2212${n}` },
    { written: (n: number) => `minus ${n}`, spoken: (n: number) => `minus ${n}` },
  ];
  return seeds(30).map((home, i) => {
    const sign = signs[i % signs.length]!;
    const n = home.random.between(1, 30);
    const isFan = i % 2 === 1;
    const area = home.random.pick(home.areas);
    const unit = isFan ? home.random.pick([' %', ' percent']) : home.random.pick([' degrees', ' °C']);
    const text = isFan
      ? `${home.random.pick(['lower', 'set'])} the ${home.fan(area)} to ${sign.written(n)}${unit}`
      : `set the ${home.freezer} to ${sign.written(n)}${unit}`;
    const spoken = `${sign.spoken(n)}${unit}`;
    const tool = isFan ? 'HassFanSetSpeed' : 'HassClimateSetTemperature';
    const field = isFan ? 'percentage' : 'temperature';
    const target = isFan ? home.fan(area) : home.freezer;
    const withValue = (value: number): Sent => ({ name: tool, arguments: { name: target, [field]: value } });
    const changed = (value: number): Outcome => ({
      answer: `${SORRY} you said ${spoken}, and the action would have used ${value}, so nothing was done.`,
    });
    const asSpoken: Outcome = isFan
      ? {
          answer: `${SORRY} the model's action was rejected because the arguments of ${tool} do not match its schema: /percentage must be >= 0.`,
        }
      : { calls: [withValue(-n)] };
    return {
      text,
      home: home.home,
      request: requestOf(home, text),
      withoutModel: { answer: `${SORRY} ${spoken} is not a value I can send as you said it, so nothing was done.` },
      withModel: [
        { calls: [withValue(-n)], outcome: asSpoken },
        { calls: [withValue(n)], outcome: changed(n) },
        { calls: [withValue(0)], outcome: changed(0) },
      ],
    };
  });
}

/** Row 2: a turn that asked the model to pick one of several devices accepts one call on one of them. */
export function oneCandidateRows(): GateRow[] {
  const verbs = [
    { words: 'turn on', tool: 'HassTurnOn' },
    { words: 'turn off', tool: 'HassTurnOff' },
    { words: 'switch off', tool: 'HassTurnOff' },
  ];
  return seeds(30).map((home, i) => {
    const verb = verbs[i % verbs.length]!;
    const [area, other] = [home.areas[i % home.areas.length]!, home.areas[(i + 1) % home.areas.length]!];
    const text = `${verb.words} the ${area} lamp`;
    const [a, b] = [home.ceiling(area), home.lamp(area)];
    const on = (name: string): Sent => ({ name: verb.tool, arguments: { name } });
    const picked = i % 4 < 2 ? a : b;
    const refused: Outcome = {
      answer: `${SORRY} you asked for one of ${a} (${area}) or ${b} (${area}), and more than one was chosen, so nothing was done.`,
    };
    return {
      text,
      home: home.home,
      request: requestOf(home, text),
      withoutModel: { answer: `Which one do you mean: the ${a} in the ${area} or the ${b} in the ${area}?` },
      withModel: [
        { calls: [on(a), on(b)], outcome: refused },
        { calls: [on(b), on(a)], outcome: refused },
        { calls: [on(picked), on(picked)], outcome: refused },
        { calls: [on(picked), on(home.ceiling(other))], outcome: refused },
        { calls: [on(picked)], outcome: { calls: [on(picked)] } },
      ],
    };
  });
}

/** Row 3: the model's calls are judged against the sentence: negation, exceptions, devices it did not name. */
export function againstSentenceRows(): GateRow[] {
  return seeds(12).flatMap((home, i) => {
    const [area, other] = [home.areas[i % home.areas.length]!, home.areas[(i + 1) % home.areas.length]!];
    const light = home.ceiling(area);
    const negatedText = `${['do not', "don't", 'please do not'][i % 3]} turn off the ${light}`;
    const exceptText = `${['turn off all the lights except the', 'turn off every light except the'][i % 2]} ${area}`;
    const namedText = `please make the ${light} nice and bright for reading`;
    const rest = home.areas.filter((known) => known !== area);
    const perArea = (areas: readonly string[]): Sent[] =>
      areas.map((known) => ({ name: 'HassTurnOff', arguments: { area: known, domain: ['light'] } }));
    const excepted: Outcome = {
      answer: `${SORRY} it would have included the ${area}, which you left out, so nothing was done.`,
    };
    const turnOn = (name: string): Sent => ({ name: 'HassTurnOn', arguments: { name } });
    return [
      {
        text: negatedText,
        home: home.home,
        request: requestOf(home, negatedText),
        withoutModel: { answer: "OK, I won't do anything." },
        withModel: [
          {
            calls: [{ name: 'HassTurnOff', arguments: { name: light } }],
            outcome: { answer: `${SORRY} you asked me not to, so nothing was done.` },
          },
          { calls: [], outcome: { answer: 'model says' } },
        ],
      },
      {
        text: exceptText,
        home: home.home,
        request: requestOf(home, exceptText),
        withoutModel: { error: 'backend_not_configured' },
        withModel: [
          { calls: [{ name: 'HassTurnOff', arguments: { domain: ['light'] } }], outcome: excepted },
          { calls: perArea(home.areas), outcome: excepted },
          { calls: perArea(rest), outcome: { calls: perArea(rest) } },
        ],
      },
      {
        text: namedText,
        home: home.home,
        request: requestOf(home, namedText),
        withoutModel: { error: 'backend_not_configured' },
        withModel: [
          {
            calls: [turnOn(light), turnOn(home.lamp(area))],
            outcome: {
              answer: `${SORRY} it would have acted on the ${home.lamp(area)}, which you did not name, so nothing was done.`,
            },
          },
          {
            calls: [turnOn(light), { name: 'HassTurnOn', arguments: { area: other, domain: ['light'] } }],
            outcome: {
              answer: `${SORRY} it would have acted on the ${home.ceiling(other)}, which you did not name, so nothing was done.`,
            },
          },
          { calls: [turnOn(light)], outcome: { calls: [turnOn(light)] } },
        ],
      },
    ];
  });
}

/** Row 4: "all the X" acts on the whole home only when the sentence says so; otherwise the area is asked for. */
export function allWithoutPlaceRows(): GateRow[] {
  const kinds = [
    {
      text: 'turn off all the lights',
      model: 'make sure all the lights are off',
      tool: 'HassTurnOff',
      args: { domain: ['light'] },
    },
    {
      text: 'lock all the doors',
      model: 'see to it that all the doors are locked',
      tool: 'HassTurnOn',
      args: { domain: ['lock'] },
    },
    {
      text: 'turn off all the fans',
      model: 'have all the fans switched off',
      tool: 'HassTurnOff',
      args: { domain: ['fan'] },
    },
    {
      text: 'close all the blinds',
      model: 'get all the blinds closed',
      tool: 'HassTurnOff',
      args: { domain: ['cover'], device_class: ['blind'] },
    },
  ];
  const which: Outcome = { answer: 'Which area do you mean?' };
  return seeds(28).map((home, i) => {
    const kind = kinds[i % kinds.length]!;
    const homeWide: Sent = { name: kind.tool, arguments: kind.args };
    const inArea = (area: string): Sent => ({ name: kind.tool, arguments: { area, ...kind.args } });
    const area = home.random.pick(home.areas);
    // Half the sentences are the grammar's: from a satellite, its area's devices; with none, the place is asked for
    // (by HA-Assist without a model, by the gate when the model reaches for the whole home).
    if (i % 8 < 2) {
      const satellite = home.random.pick(home.areas);
      return {
        text: `${kind.text} [said in the ${satellite}]`,
        home: home.home,
        request: requestOf(home, kind.text, satellite),
        isDeterministic: true,
        withoutModel: { calls: [inArea(satellite)] },
        withModel: [{ calls: [homeWide], outcome: { calls: [inArea(satellite)] } }],
      };
    }
    if (i % 8 < 4)
      return {
        text: kind.text,
        home: home.home,
        request: requestOf(home, kind.text),
        ...(kind.args.domain[0] === 'lock' ? { isDeterministic: true } : {}),
        withoutModel: which,
        withModel: [{ calls: [homeWide], outcome: which }],
      };
    return {
      text: kind.model,
      home: home.home,
      request: requestOf(home, kind.model),
      withoutModel: { error: 'backend_not_configured' },
      withModel: [
        { calls: [homeWide], outcome: which },
        { calls: [inArea(area)], outcome: { calls: [inArea(area)] } },
      ],
    };
  });
}
