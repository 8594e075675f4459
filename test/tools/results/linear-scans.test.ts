// Every scan of the add-on over text from outside takes time linear in its length: 1 MB within 15× the time of 100 k.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HaState } from '../../../src/homeassistant/index.ts';
import {
  DEFAULT_RESULT_LIMITS,
  REDACTION_RULES,
  createToolGuard,
  isExcluded,
  isRedactedKey,
  parseExclusionConfig,
  redact,
  redactText,
  safeResult,
} from '../../../src/tools/index.ts';
import type { HomeAssistantReader } from '../../../src/homeassistant/index.ts';
import { readLabelMembership } from '../../../src/tools/home/label-membership.ts';
import { createEntityView, filterEntityReferences, namesEntities } from '../../../src/tools/results/entity-filter.ts';
import { limitsWith } from '../limits.ts';
import { createRecordingReader } from '../recording-reader.ts';

const ADDRESS = createRecordingReader().address;
const SMALL = 100_000;
const LARGE = 1_000_000;
/** The bound: linear time makes the ratio about 10; the square of the length would make it 100. */
const MAX_RATIO = 15;
/** Below this for 1 MB a scan is bounded by memory, not by its algorithm (see `ratio`). */
const FAST_MS = 5;

/** Characters the old patterns cared about: delimiters, `=`, `:` `/` `@`, the start of a JWT, letters of secret words. */
const ALPHABET = [...'eyJ.?&;#=:/@aA0_-tokenSECRET'];

/** A deterministic random word (no white space) of `length` characters from {@link ALPHABET}. */
function randomWord(length: number, seed: number): string {
  let state = seed >>> 0;
  const chars: string[] = new Array(length);
  for (let i = 0; i < length; i++) {
    // xorshift32: quick, and the same text on every run.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    chars[i] = ALPHABET[(state >>> 0) % ALPHABET.length] as string;
  }
  return chars.join('');
}

/** `unit` repeated, cut to exactly `length`. */
function repeated(unit: string, length: number, prefix = ''): string {
  return (prefix + unit.repeat(Math.ceil(length / unit.length))).slice(0, length);
}

/** One long word each, built to be the worst case of an old pattern (the comment names it). */
const FAMILIES: Record<string, (length: number) => string> = {
  random: (length) => randomWord(length, 0x9e3779b9),
  'random, other seed': (length) => randomWord(length, 12345),
  // The query rule: each `?` started a scan to the end, each `token` another (cubic).
  '?token repeated': (length) => repeated('?token', length),
  // The JWT rule: each `eyJ` ran `[\w-]{8,}` to the end of the word.
  'eyJ repeated': (length) => repeated('eyJ', length),
  // The address rule: each letter started `[a-z0-9+.-]*` to the end; `a:` keeps `[^\s/@]*:` backtracking.
  'a: repeated': (length) => repeated('a:', length),
  'one scheme-like run': (length) => repeated('a', length),
  'an authority of colons, no @': (length) => repeated(':', length, 'http://'),
  'camera_prox repeated': (length) => repeated('/api/camera_prox', length),
  // The label template's error check: each `UndefinedError` ran `.*` to the end of the line, then backtracked.
  "UndefinedError'labelx repeated": (length) => repeated("UndefinedError'labelx", length),
  // The entity filter's words: runs of id characters with one, none or many dots, and ids of the view's entities.
  'entity ids repeated': (length) => repeated('lock.front a.b.c x_y light.kitchen. ', length),
  'one run without a dot': (length) => repeated('a_1', length),
};

/** The shortest time of `runs` samples, each `repeat` calls of `scan`, per call (ms). */
async function bestPerCall(scan: () => unknown, options: { runs: number; repeat: number }): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < options.runs; run++) {
    const started = performance.now();
    for (let i = 0; i < options.repeat; i++) await scan();
    best = Math.min(best, (performance.now() - started) / options.repeat);
  }
  return best;
}

/**
 * The ratio of one call's time on the 1 MB text to one on the 100 k text. Each sample repeats its call until it lasts
 * some milliseconds (the 100 k one ten times as often), so the timer's resolution does not decide the ratio.
 */
async function ratio<T>(scan: (input: T) => unknown, small: T, large: T): Promise<string> {
  await scan(small); // warm up: compile before timing
  const once = await bestPerCall(() => scan(large), { runs: 1, repeat: 1 });
  const repeat = Math.max(1, Math.ceil(10 / Math.max(once, 0.01)));
  let best = { measured: Number.POSITIVE_INFINITY, smallMs: 0, largeMs: 0 };
  // The machine is shared: a sample slowed by another process is measured again, up to three times. A quadratic scan
  // is about 100× every time, so the best of three cannot hide it.
  for (let attempt = 0; attempt < 3 && best.measured > MAX_RATIO; attempt++) {
    const largeMs = await bestPerCall(() => scan(large), { runs: 3, repeat });
    const smallMs = await bestPerCall(() => scan(small), { runs: 3, repeat: repeat * 10 });
    if (largeMs / smallMs < best.measured) best = { measured: largeMs / smallMs, smallMs, largeMs };
  }
  const { measured, smallMs, largeMs } = best;
  // A scan through 1 MB in under 5 ms runs at memory speed (100 k fits a core's cache and the young generation, 1 MB
  // does not), so its ratio measures caches and the allocator, not the algorithm; a quadratic scan of 1 MB takes seconds.
  assert.ok(
    measured <= MAX_RATIO || largeMs < FAST_MS,
    `100 k: ${smallMs.toFixed(3)} ms, 1 MB: ${largeMs.toFixed(2)} ms: ${measured}×`,
  );
  return `${measured.toFixed(1)}× (${smallMs.toFixed(3)} → ${largeMs.toFixed(2)} ms)`;
}

/** Asserts the ratio for each family; `prepare` turns a family's text into the scan's input before any timing. */
async function assertLinear<T = string>(
  scan: (input: T) => unknown,
  families: readonly string[],
  prepare: (text: string) => T = (text) => text as T,
) {
  const report: string[] = [];
  for (const name of families) {
    const family = FAMILIES[name]!;
    report.push(`  ${name}: ${await ratio(scan, prepare(family(SMALL)), prepare(family(LARGE)))}`);
  }
  // Kept in the output so the measurement can be read off a run.
  console.log(report.join('\n'));
}

const ALL = Object.keys(FAMILIES);
const WORST = ['random', '?token repeated', 'eyJ repeated', 'a: repeated'];
const FEW = ['random', '?token repeated'];

describe('linear scans of the add-on: 1 MB within 15× the time of 100 k', () => {
  for (const rule of REDACTION_RULES.filter((row) => row.kind === 'value')) {
    it(`redaction rule: ${rule.why}`, async (t) => {
      console.log(t.name);
      await assertLinear(rule.test, ALL);
    });
  }

  it('redactText, one long word and the same text cut into words', async (t) => {
    console.log(t.name);
    await assertLinear(redactText, WORST);
    await assertLinear(redactText, WORST, (text) => text.replaceAll('a', ' '));
  });

  it('key redaction: a long key', async (t) => {
    console.log(t.name);
    await assertLinear(isRedactedKey, WORST);
  });

  it('a whole result: redacted, bounded and marked', async (t) => {
    console.log(t.name);
    await assertLinear(
      (text) =>
        safeResult({ state: text, attributes: { [text]: text, note: text } }, { limits: DEFAULT_RESULT_LIMITS }),
      FEW,
    );
    await assertLinear((text) => redact([text, { text }]), FEW);
  });

  it('exclusion patterns (RE2) over a long entity id', async (t) => {
    console.log(t.name);
    const parsed = parseExclusionConfig({ patterns: ['sensor\\..*_secret', '.*(a|e)+y.*J', 'switch\\.[a-z_]+'] });
    assert.ok(parsed.kind === 'ok');
    const subject = (text: string) => ({
      entityId: `sensor.${text}`,
      domain: 'sensor',
      area: { kind: 'none' as const },
      labels: { kind: 'labels' as const, ids: [] },
    });
    await assertLinear((text) => isExcluded(subject(text), parsed.exclusions), ['random', 'eyJ repeated']);
  });

  it('the entity filter: a result walked for entity ids and names', async (t) => {
    console.log(t.name);
    const view = createEntityView([
      { entityId: 'lock.front', name: 'Front lock', isVisible: false },
      { entityId: 'light.kitchen', name: 'Kitchen', isVisible: true },
    ]);
    const families = ['random', 'entity ids repeated', 'one run without a dot', 'a: repeated'];
    await assertLinear(
      (text) => filterEntityReferences({ name: text, list: [text, { text }], [text]: 1 }, view),
      families,
    );
    await assertLinear((text) => namesEntities([text, { note: text }]), families);
  });

  it("Home Assistant's template error, read for the label rule (no labels before 2024.4)", async (t) => {
    console.log(t.name);
    const failing = (reason: string) =>
      ({
        renderTemplate: async () => ({ ok: false, failure: 'template-error', reason }),
        listEntities: async () => ({ ok: false, reason: 'the registry is not read here' }),
      }) as unknown as HomeAssistantReader;
    await assertLinear((reader) => readLabelMembership(reader), ['random', "UndefinedError'labelx repeated"], failing);
  });

  it('get-state and search-entities through the guard, a state holding one long word', async (t) => {
    console.log(t.name);
    const guardFor = (text: string) => {
      const state: HaState = {
        entity_id: 'sensor.long',
        state: 'on',
        attributes: { friendly_name: `${text} zz`, note: text },
        last_changed: '2026-01-08T12:00:00+00:00',
        last_updated: '2026-01-08T12:00:00+00:00',
      };
      const reader = createRecordingReader({ state });
      return createToolGuard({
        connections: () => [{ name: 'home', address: reader.address, reader, writer: reader, writeMode: 'read-only' }],
        limits: () => limitsWith(),
        clock: { now: () => Date.parse('2026-01-08T12:00:00Z'), monotonic: () => 0 },
      });
    };
    // Every word but the last is found only at the end of the name: each `includes` reads all of it.
    const words = `${'zz '.repeat(66)}y`;
    const calls = async (guard: ReturnType<typeof guardFor>) => {
      const got = await guard.call('get-state', { instance: ADDRESS, entity_id: 'sensor.long' });
      const found = await guard.call('search-entities', { instance: ADDRESS, words });
      assert.equal(got.isError, false, got.text);
      assert.equal(found.isError, false, found.text);
    };
    await assertLinear(calls, WORST, guardFor);
  });
});
