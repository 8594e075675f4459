// bench:ceiling's short form: the real script (`bench/ceiling.bench.ts --json`, hearth from the sources) for 1 s per
// run at 8 connections, twice interleaved; it checks the records' fields, that every request was answered right, and
// that the summary's medians and ratios are the runs' medians and their quotients — never throughput.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  buildCeilingCases,
  FIGURE_DIGITS,
  parseCeilingArgs,
  RATIO_DIGITS,
  summarize,
  type CeilingFigures,
  type CeilingRunRecord,
  type CeilingServer,
  type CeilingSummaryRecord,
} from '../../bench/support/ceiling.ts';
import { checkAnswer } from '../../bench/support/load.ts';
import { REPO_ROOT } from '../fixtures/data.ts';

const FIGURES = Object.keys(FIGURE_DIGITS) as (keyof CeilingFigures)[];

/** Every field of a run's `--json` line, in order, with its type. */
const RUN_CONTRACT: Record<keyof CeilingRunRecord, 'string' | 'number'> = {
  bench: 'string',
  record: 'string',
  server: 'string',
  repetition: 'number',
  connections: 'number',
  duration_s: 'number',
  errors: 'number',
  requests_per_s: 'number',
  p50_ms: 'number',
  p99_ms: 'number',
  cpu_ms_per_request: 'number',
  rss_idle_mb: 'number',
  rss_after_mb: 'number',
  startup_ms: 'number',
};

const SUMMARY_FIELDS: (keyof CeilingSummaryRecord)[] = [
  'bench',
  'record',
  'repetitions',
  'connections',
  'duration_s',
  'errors',
  'ceiling',
  'hearth',
  'ratios',
];

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The median as the summary states it: the middle run, or the mean of the two middle ones. */
function expectedMedian(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length / 2;
  return Number.isInteger(half) ? (sorted[half - 1]! + sorted[half]!) / 2 : sorted[Math.floor(half)]!;
}

/** Checks a summary against its runs: each figure the rounded median, each ratio hearth's over the ceiling's. */
function assertSummaryOf(summary: CeilingSummaryRecord, runs: readonly CeilingRunRecord[]): void {
  for (const server of ['ceiling', 'hearth'] as const) {
    for (const key of FIGURES) {
      const own = runs.filter((run) => run.server === server).map((run) => run[key]);
      assert.equal(summary[server][key], round(expectedMedian(own), FIGURE_DIGITS[key]), `${server} ${key}`);
    }
  }
  for (const key of FIGURES) {
    const [hearth, ceiling] = [summary.hearth[key], summary.ceiling[key]];
    const ratio = summary.ratios[key];
    if (ceiling === 0) {
      assert.equal(ratio, null, key);
      continue;
    }
    assert.equal(ratio, round(hearth / ceiling, RATIO_DIGITS), key);
    assert.ok(Math.abs(ratio! * ceiling - hearth) <= ceiling * 0.0005 + 1e-9, `${key}: ${ratio} × ${ceiling}`);
  }
}

/** A run whose figures are drawn from `seed` (Park and Miller's generator: the same runs every time). */
function syntheticRun(server: CeilingServer, repetition: number, seed: number): CeilingRunRecord {
  let state = seed;
  const next = () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
  const figures = Object.fromEntries(
    FIGURES.map((key) => [key, round(next() * 1000, FIGURE_DIGITS[key])]),
  ) as unknown as CeilingFigures;
  return {
    bench: 'ceiling',
    record: 'run',
    server,
    repetition,
    connections: 64,
    duration_s: 20,
    errors: repetition % 2,
    ...figures,
  };
}

describe("bench:ceiling's options and answers", () => {
  it('defaults to 20 s after 5 s of warm-up, 64 connections, 3 repetitions, hearth from dist/', () => {
    assert.deepEqual(parseCeilingArgs([]), {
      json: false,
      durationS: 20,
      connections: 64,
      warmupS: 5,
      repeat: 3,
      build: 'dist',
    });
    assert.throws(() => parseCeilingArgs(['--repeat', '1.5']), /--repeat must be a positive whole number, not 1.5/);
    assert.throws(() => parseCeilingArgs(['--duration', '0']), /--duration must be a positive number, not 0/);
  });

  it("sends both servers the same body, and tells the ceiling's answer from hearth's", () => {
    const { ceiling, hearth } = buildCeilingCases();
    assert.equal(ceiling.body, hearth.body);
    assert.equal(ceiling.path, '/v1/chat/completions');
    assert.equal(checkAnswer(ceiling, ceiling.fingerprint), undefined);
    assert.match(checkAnswer(ceiling, '{"object":"chat.completion"}') ?? '', /^not the ceiling's answer/);
    assert.equal(hearth.check, undefined);
  });
});

describe("bench:ceiling's summary", () => {
  for (let repeat = 1; repeat <= 6; repeat++) {
    it(`takes each figure's median over ${repeat} interleaved repetition(s) and hearth's ratio to the ceiling`, () => {
      const runs = Array.from({ length: repeat }, (_, index) => [
        syntheticRun('ceiling', index + 1, 7 * repeat + index),
        syntheticRun('hearth', index + 1, 1000 + 7 * repeat + index),
      ]).flat();
      const options = { json: true, durationS: 20, connections: 64, warmupS: 5, repeat, build: 'dist' as const };
      const summary = summarize(runs, options);
      assert.deepEqual(Object.keys(summary), SUMMARY_FIELDS);
      assert.equal(summary.errors, Math.ceil(repeat / 2) * 2);
      assertSummaryOf(summary, runs);
    });
  }

  it('gives no ratio for a figure the ceiling measured as 0', () => {
    const ceiling = { ...syntheticRun('ceiling', 1, 3), cpu_ms_per_request: 0 };
    const options = { json: true, durationS: 20, connections: 64, warmupS: 5, repeat: 1, build: 'dist' as const };
    const summary = summarize([ceiling, syntheticRun('hearth', 1, 4)], options);
    assert.equal(summary.ratios.cpu_ms_per_request, null);
    assertSummaryOf(summary, [ceiling, syntheticRun('hearth', 1, 4)]);
  });
});

describe('bench:ceiling, short form (1 s per run, 8 connections, 2 repetitions)', () => {
  it('prints a run line per server and repetition, interleaved, then the summary of their medians and ratios', {
    timeout: 240_000,
  }, async () => {
    const args = ['--json', '--duration', '1', '--warmup', '0.5', '--connections', '8', '--repeat', '2', '--sources'];
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'bench/ceiling.bench.ts', ...args],
      {
        cwd: REPO_ROOT,
      },
    );
    const lines = stdout.split('\n').filter((line) => line !== '');
    assert.equal(lines.length, 5, stdout);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const runs = records.slice(0, 4) as unknown as CeilingRunRecord[];
    assert.deepEqual(
      runs.map((run) => `${run.server} ${run.repetition}`),
      ['ceiling 1', 'hearth 1', 'ceiling 2', 'hearth 2'],
    );
    for (const [index, run] of runs.entries()) {
      const line = lines[index]!;
      assert.deepEqual(Object.keys(run), Object.keys(RUN_CONTRACT), line);
      for (const [field, type] of Object.entries(RUN_CONTRACT))
        assert.equal(typeof run[field as keyof CeilingRunRecord], type, `${field}: ${line}`);
      assert.deepEqual([run.bench, run.record, run.connections, run.errors], ['ceiling', 'run', 8, 0], line);
      // A figure may round to 0 on a fast machine (latency, CPU per request); what a running server has never is.
      for (const key of FIGURES) assert.ok(Number.isFinite(run[key]) && run[key] >= 0, `${key}: ${line}`);
      for (const key of ['requests_per_s', 'rss_idle_mb', 'rss_after_mb', 'startup_ms'] as const)
        assert.ok(run[key] > 0, `${key}: ${line}`);
      assert.ok(Number.isInteger(run.requests_per_s), line);
    }
    const summary = records[4] as unknown as CeilingSummaryRecord;
    assert.deepEqual(Object.keys(summary), SUMMARY_FIELDS, lines[4]);
    assert.deepEqual(
      [summary.bench, summary.record, summary.repetitions, summary.connections, summary.duration_s, summary.errors],
      ['ceiling', 'summary', 2, 8, 1, 0],
    );
    for (const part of ['ceiling', 'hearth', 'ratios'] as const) assert.deepEqual(Object.keys(summary[part]), FIGURES);
    assertSummaryOf(summary, runs);
  });
});
