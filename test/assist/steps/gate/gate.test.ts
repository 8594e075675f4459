// The gate as a pure function: one verdict for a whole set, in the request's language, whatever the calls' order.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { readSentenceFacts } from '../../../../src/assist/steps/facts/index.ts';
import { type GateCall, type GateInput, judgeCalls } from '../../../../src/assist/steps/gate/index.ts';
import { createNameIndex } from '../../../../src/assist/steps/repair/index.ts';
import { createToolSchemaValidator, understandRequest } from '../../../../src/assist/index.ts';
import { buildHaRequest } from '../../../../src/homeassistant/request/index.ts';
import { decodeChatRequest } from '../../../../src/openai/index.ts';
import { generateGateHome } from '../../gate-homes.ts';

const VALIDATOR = createToolSchemaValidator();

/** The gate's input for `text` in the home of `seed`, the model's `calls` and the plan's candidates. */
function inputOf(
  words: string,
  options: { seed?: number; language?: string; candidates?: GateInput['plan']; source?: GateInput['source'] } = {},
) {
  const home = generateGateHome(options.seed ?? 7);
  // `AREA` stands for the home's first area.
  const text = words.replaceAll('AREA', home.areas[0]!);
  const request = understandRequest(decodeChatRequest(buildHaRequest(home.home, { userText: text, era: '2026' })));
  const catalog = request.catalog!;
  const facts = readSentenceFacts(text, { language: options.language ?? 'en', names: () => createNameIndex(catalog) });
  const base: Omit<GateInput, 'calls'> = {
    source: options.source ?? 'model',
    facts,
    request,
    tools: request.tools,
    validator: VALIDATOR,
    ...(options.candidates === undefined ? {} : { plan: options.candidates }),
    confirmSensitive: true,
    hasModel: true,
  };
  return { home, base, area: home.areas[0]! };
}

const call = (name: string, args: Record<string, unknown>): GateCall => ({ name, arguments: JSON.stringify(args) });

describe('the gate: one verdict for the whole set', () => {
  const { home, base, area } = inputOf('please make the AREA Ceiling Light nice and bright for reading', { seed: 3 });
  const rows: { what: string; calls: GateCall[]; kind: string; rule?: string }[] = [
    { what: 'no call', calls: [], kind: 'send' },
    { what: 'a read', calls: [call('GetLiveContext', {})], kind: 'send' },
    { what: 'an unknown tool', calls: [call('HassOpenEverything', {})], kind: 'refuse', rule: 'unknown_tool' },
    {
      what: 'a lock the sentence did not name',
      calls: [call('HassTurnOff', { name: home.door(area) })],
      kind: 'refuse',
      rule: 'unnamed_target',
    },
  ];
  it('asks before a lock is opened that the sentence asks for by its kind', () => {
    const { base: doors } = inputOf('could you deal with the AREA door lock for me', { seed: 3 });
    const verdict = judgeCalls({ ...doors, calls: [call('HassTurnOff', { name: home.door(area) })] });
    assert.deepEqual(verdict.kind === 'ask' && [verdict.rule, verdict.question], [
      'sensitive',
      `Unlock the ${home.door(area)}? Say yes to confirm.`,
    ]);
  });
  for (const row of rows)
    it(`${row.kind}s ${row.what}`, () => {
      const verdict = judgeCalls({ ...base, calls: row.calls });
      assert.equal(verdict.kind, row.kind);
      if (verdict.kind !== 'send') assert.equal(verdict.rule, row.rule);
    });
});

describe('the gate: answers in the request language', () => {
  const rows = [
    {
      language: 'en',
      text: "don't turn off the AREA Ceiling Light",
      answer: /^Sorry, I could not carry that out: you asked me not to/,
    },
    {
      language: 'de',
      text: 'schalte die AREA Ceiling Light nicht aus',
      answer: /^Entschuldigung, das konnte ich nicht ausführen: Du hast gesagt, es nicht zu tun\./,
    },
  ];
  for (const row of rows)
    it(`refuses a negated sentence in ${row.language}`, () => {
      const { base, area } = inputOf(row.text, { seed: 11, language: row.language });
      const verdict = judgeCalls({ ...base, calls: [call('HassTurnOff', { name: `${area} Ceiling Light` })] });
      assert.equal(verdict.kind, 'refuse');
      assert.match(verdict.kind === 'refuse' ? verdict.text : '', row.answer);
    });
  it('asks for the area in German', () => {
    const { base } = inputOf('schalte alle Lichter aus', { language: 'de' });
    const verdict = judgeCalls({ ...base, calls: [call('HassTurnOff', { domain: ['light'] })] });
    assert.deepEqual(verdict.kind === 'ask' && [verdict.rule, verdict.question], [
      'area',
      'Welchen Bereich meinst du?',
    ]);
  });
  it('asks before unlocking, in German', () => {
    const { base, home, area } = inputOf('mach die Tür auf', { language: 'de' });
    const door = home.door(area);
    const verdict = judgeCalls({ ...base, calls: [call('HassTurnOff', { name: door })] });
    assert.deepEqual(verdict.kind === 'ask' && verdict.question, `${door} entriegeln? Sag ja zum Bestätigen.`);
  });
});

/** A random set of calls over the home's devices: turns, values, reads and calls on several candidates. */
function callsOver(home: ReturnType<typeof generateGateHome>) {
  const names = home.areas.flatMap((area) => [home.ceiling(area), home.lamp(area), home.fan(area), home.door(area)]);
  const one = fc.oneof(
    fc.constantFrom(...names).map((name) => call('HassTurnOn', { name })),
    fc.constantFrom(...names).map((name) => call('HassTurnOff', { name })),
    fc.constantFrom(...home.areas).map((area) => call('HassTurnOff', { area, domain: ['light'] })),
    fc
      .integer({ min: -30, max: 30 })
      .map((temperature) => call('HassClimateSetTemperature', { name: 'Freezer', temperature })),
    fc.constant(call('HassTurnOff', { domain: ['light'] })),
    fc.constant(call('GetLiveContext', {})),
  );
  return fc.array(one, { minLength: 0, maxLength: 5 });
}

describe("the gate's decision does not depend on the order of the calls (property)", () => {
  const sentences = [
    'please make the AREA Ceiling Light nice and bright for reading',
    'turn off every light except the AREA',
    "don't turn on the AREA Reading Lamp",
    'set the freezer to -18 degrees',
    'get all the blinds closed',
    'turn on the AREA lamp',
  ];
  for (const text of sentences)
    it(`for "${text}" and any set of calls, every order gets the same verdict`, () => {
      const candidates = text.endsWith('lamp')
        ? {
            candidates: ['Ceiling Light', 'Reading Lamp'].map((kind) => ({
              name: `Kitchen ${kind}`,
              domain: 'light',
              area: 'Kitchen',
            })),
          }
        : undefined;
      const { home, base } = inputOf(text, { seed: 5, ...(candidates === undefined ? {} : { candidates }) });
      fc.assert(
        fc.property(
          callsOver(home).chain((calls) =>
            fc.tuple(
              fc.constant(calls),
              fc.shuffledSubarray(calls, { minLength: calls.length, maxLength: calls.length }),
            ),
          ),
          ([calls, shuffled]) => {
            const verdict = judgeCalls({ ...base, calls });
            const again = judgeCalls({ ...base, calls: shuffled });
            const essence = (v: typeof verdict) => (v.kind === 'send' ? ['send'] : [v.kind, v.rule, v.reason]);
            assert.deepEqual(essence(again), essence(verdict));
          },
        ),
        { numRuns: 150, seed: 24 },
      );
    });
});
