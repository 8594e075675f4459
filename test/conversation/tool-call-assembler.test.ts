// Streamed tool-call fragments → whole calls: every cut point, split and repeated names, late and repeated ids,
// interleaved indices, and the fragments as surfaces pass them on.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createToolCallAssembler, type ToolCall, type ToolCallDelta } from '../../src/conversation/index.ts';

const newId = (index: number): string => `call_new_${index}`;

/** Runs fragments through a fresh assembler: the calls, and the fragments as they are passed on. */
function assemble(fragments: readonly ToolCallDelta[]): { calls: ToolCall[]; passed: ToolCallDelta[] } {
  const assembler = createToolCallAssembler(newId);
  const passed = fragments.map((fragment) => assembler.add(fragment).fragment);
  return { calls: assembler.calls(), passed };
}

/** How a client that concatenates every string field (OpenAI's Python SDK) reads passed-on fragments. */
function concatenateAll(fragments: readonly ToolCallDelta[]): ToolCall[] {
  const calls = new Map<number, ToolCall>();
  for (const fragment of fragments) {
    const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
    calls.set(fragment.index, {
      id: call.id + (fragment.id ?? ''),
      name: call.name + (fragment.name ?? ''),
      arguments: call.arguments + (fragment.arguments ?? ''),
    });
  }
  return [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
}

/** The pieces of `text` cut at `cuts` (ascending offsets). */
function cut(text: string, cuts: readonly number[]): string[] {
  const bounds = [0, ...cuts, text.length];
  return bounds.slice(1).map((end, i) => text.slice(bounds[i], end));
}

const CALLS: readonly ToolCall[] = [
  { id: 'call_1', name: 'HassTurnOn', arguments: '{"name":"Kitchen light","domain":["light"]}' },
  { id: 'call_abc', name: 'GetLiveContext', arguments: '{}' },
  { id: 'c', name: 'HassLightSet', arguments: '{"brightness":40,"area":"Küche ☕"}' },
];

describe('createToolCallAssembler: every cut point', () => {
  for (const call of CALLS) {
    it(`assembles ${call.name} split in two at every cut of its name and of its arguments`, () => {
      for (let nameCut = 0; nameCut <= call.name.length; nameCut++) {
        for (let argsCut = 0; argsCut <= call.arguments.length; argsCut++) {
          const [head = '', tail = ''] = cut(call.name, [nameCut]);
          const [first = '', second = ''] = cut(call.arguments, [argsCut]);
          const fragments: ToolCallDelta[] = [
            { index: 0, id: call.id, name: head, arguments: first },
            { index: 0, name: tail, arguments: second },
          ];
          const { calls, passed } = assemble(fragments);
          assert.deepEqual(calls, [call], `name cut ${nameCut}, arguments cut ${argsCut}`);
          assert.deepEqual(concatenateAll(passed), [call]);
        }
      }
    });
  }

  it('assembles arguments sent one character a fragment, the name whole in the first', () => {
    const call = CALLS[0]!;
    const fragments: ToolCallDelta[] = [
      { index: 0, id: call.id, name: call.name },
      ...[...call.arguments].map((char) => ({ index: 0, arguments: char })),
    ];
    assert.deepEqual(assemble(fragments).calls, [call]);
  });
});

/** A name no split can mistake for a repeat: letters, and no piece equal to what came before it (checked below). */
const nameArb = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,23}$/);
const callArb = fc
  .record({
    id: fc.stringMatching(/^call_[a-z0-9]{1,8}$/),
    name: nameArb,
    arguments: fc.json(),
  })
  .map((call): ToolCall => ({ ...call }));

/** Cuts of a text of `length`: ascending offsets strictly inside it. */
const cutsArb = (length: number): fc.Arbitrary<number[]> =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: Math.max(1, length - 1) }), { maxLength: 6 })
    .map((cuts) => cuts.filter((offset) => offset < length).sort((a, b) => a - b));

/** Whether the pieces of a split name would each lengthen it (none equals the name so far). */
function isPlainSplit(pieces: readonly string[]): boolean {
  let sofar = '';
  for (const piece of pieces) {
    if (piece !== '' && piece === sofar) return false;
    sofar += piece;
  }
  return true;
}

/** The fragments of one call: the id and first name piece first, then the rest of its name and arguments. */
function fragmentsOf(call: ToolCall, index: number, nameCuts: number[], argCuts: number[]): ToolCallDelta[] {
  const names = cut(call.name, nameCuts);
  const args = cut(call.arguments, argCuts);
  const count = Math.max(names.length, args.length);
  return Array.from({ length: count }, (_, i) => ({
    index,
    ...(i === 0 ? { id: call.id } : {}),
    ...(names[i] === undefined ? {} : { name: names[i] }),
    ...(args[i] === undefined ? {} : { arguments: args[i] }),
  }));
}

describe('createToolCallAssembler: random calls, random splits, interleaved indices', () => {
  it('gives back the calls that were split, in index order, however their fragments interleave', () => {
    const caseArb = fc
      .array(callArb, { minLength: 1, maxLength: 4 })
      .chain((calls) =>
        fc.tuple(
          fc.constant(calls),
          fc.tuple(...calls.map((call) => fc.tuple(cutsArb(call.name.length), cutsArb(call.arguments.length)))),
          fc.array(fc.nat({ max: 3 }), { minLength: 64, maxLength: 64 }),
        ),
      );
    fc.assert(
      fc.property(caseArb, ([calls, cuts, picks]) => {
        fc.pre(calls.every((call, i) => isPlainSplit(cut(call.name, cuts[i]![0]))));
        const queues = calls.map((call, i) => fragmentsOf(call, i, cuts[i]![0], cuts[i]![1]));
        const stream: ToolCallDelta[] = [];
        let pick = 0;
        while (queues.some((queue) => queue.length > 0)) {
          const open = queues.filter((queue) => queue.length > 0);
          stream.push(open[(picks[pick++ % picks.length] ?? 0) % open.length]!.shift()!);
        }
        const { calls: assembled, passed } = assemble(stream);
        assert.deepEqual(assembled, calls);
        assert.deepEqual(assemble(passed).calls, calls);
        assert.deepEqual(concatenateAll(passed), calls);
      }),
      { seed: 20_261_203, numRuns: 500 },
    );
  });
});

describe('createToolCallAssembler: the rules', () => {
  const rows: { title: string; fragments: ToolCallDelta[]; calls: ToolCall[]; passed?: ToolCallDelta[] }[] = [
    {
      title: 'a name resent whole in every fragment is the name once, and is passed on once',
      fragments: [
        { index: 0, id: 'call_1', name: 'HassTurnOn', arguments: '{"name":' },
        { index: 0, name: 'HassTurnOn', arguments: '"Lamp"}' },
      ],
      calls: [{ id: 'call_1', name: 'HassTurnOn', arguments: '{"name":"Lamp"}' }],
      passed: [
        { index: 0, id: 'call_1', name: 'HassTurnOn', arguments: '{"name":' },
        { index: 0, arguments: '"Lamp"}' },
      ],
    },
    {
      title: 'a name split over fragments concatenates',
      fragments: [
        { index: 0, id: 'call_1', name: 'Hass' },
        { index: 0, name: 'Turn' },
        { index: 0, name: 'On', arguments: '{}' },
      ],
      calls: [{ id: 'call_1', name: 'HassTurnOn', arguments: '{}' }],
    },
    {
      title: 'a call whose first fragment has no id gets a new one there, and a late id is dropped',
      fragments: [
        { index: 0, name: 'HassTurnOn', arguments: '{' },
        { index: 0, id: 'call_late', arguments: '}' },
      ],
      calls: [{ id: 'call_new_0', name: 'HassTurnOn', arguments: '{}' }],
      passed: [
        { index: 0, id: 'call_new_0', name: 'HassTurnOn', arguments: '{' },
        { index: 0, arguments: '}' },
      ],
    },
    {
      title: 'an id repeated in every fragment is the first one, passed on once',
      fragments: [
        { index: 0, id: 'call_1', name: 'GetLiveContext', arguments: '{' },
        { index: 0, id: 'call_1', arguments: '}' },
      ],
      calls: [{ id: 'call_1', name: 'GetLiveContext', arguments: '{}' }],
      passed: [
        { index: 0, id: 'call_1', name: 'GetLiveContext', arguments: '{' },
        { index: 0, arguments: '}' },
      ],
    },
    {
      title: 'an empty id counts as none',
      fragments: [{ index: 3, id: '', name: 'GetLiveContext', arguments: '{}' }],
      calls: [{ id: 'call_new_3', name: 'GetLiveContext', arguments: '{}' }],
    },
    {
      title: 'a call with no arguments has an empty text, and one with no name an empty name',
      fragments: [
        { index: 0, id: 'call_1', name: 'GetLiveContext' },
        { index: 1, id: 'call_2' },
      ],
      calls: [
        { id: 'call_1', name: 'GetLiveContext', arguments: '' },
        { id: 'call_2', name: '', arguments: '' },
      ],
    },
    {
      title: 'calls come out in index order, not arrival order, and a repeated index continues its call',
      fragments: [
        { index: 1, id: 'call_b', name: 'HassTurnOff', arguments: '{"name":"Fan"' },
        { index: 0, id: 'call_a', name: 'HassTurnOn', arguments: '{"name":"Lamp"' },
        { index: 1, arguments: '}' },
        { index: 0, arguments: '}' },
      ],
      calls: [
        { id: 'call_a', name: 'HassTurnOn', arguments: '{"name":"Lamp"}' },
        { id: 'call_b', name: 'HassTurnOff', arguments: '{"name":"Fan"}' },
      ],
    },
  ];
  for (const row of rows) {
    it(row.title, () => {
      const { calls, passed } = assemble(row.fragments);
      assert.deepEqual(calls, row.calls);
      if (row.passed !== undefined) assert.deepEqual(passed, row.passed);
      assert.deepEqual(concatenateAll(passed), row.calls);
    });
  }

  it('tells the first fragment of each call, and the call so far', () => {
    const assembler = createToolCallAssembler(newId);
    const first = assembler.add({ index: 0, id: 'call_1', name: 'Hass', arguments: '{' });
    const second = assembler.add({ index: 0, name: 'TurnOn', arguments: '}' });
    assert.deepEqual([first.isFirst, second.isFirst], [true, false]);
    assert.deepEqual(first.call, { id: 'call_1', name: 'Hass', arguments: '{' });
    assert.deepEqual(second.call, { id: 'call_1', name: 'HassTurnOn', arguments: '{}' });
  });
});
