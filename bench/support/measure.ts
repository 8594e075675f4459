// Shared benchmark plumbing: timing loops, percentiles, and the `--json` one-line-per-case output.

import { performance } from 'node:perf_hooks';

/** Percentiles of one measured case, in milliseconds. */
export interface Timing {
  runs: number;
  median_ms: number;
  p90_ms: number;
  p99_ms: number;
  min_ms: number;
}

/** Runs `fn` `warmup` times untimed, then `runs` times timed, and summarises. */
export function measure(fn: () => unknown, options: { runs: number; warmup: number }): Timing {
  for (let i = 0; i < options.warmup; i++) fn();
  const samples = new Float64Array(options.runs);
  for (let i = 0; i < options.runs; i++) {
    const started = performance.now();
    fn();
    samples[i] = performance.now() - started;
  }
  return summarise(samples);
}

/** Percentile summary of samples in milliseconds. */
export function summarise(samples: Float64Array | number[]): Timing {
  const sorted = Float64Array.from(samples).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const round = (ms: number) => Math.round(ms * 10_000) / 10_000;
  return {
    runs: sorted.length,
    median_ms: round(at(0.5)),
    p90_ms: round(at(0.9)),
    p99_ms: round(at(0.99)),
    min_ms: round(sorted[0] ?? 0),
  };
}

/** True when the bench was started with `--json`. */
export function wantsJson(argv: readonly string[] = process.argv): boolean {
  return argv.includes('--json');
}

/** Prints one case: a JSON line with `--json`, else a readable line. */
export function report(record: Record<string, unknown>, json: boolean): void {
  if (json) {
    console.log(JSON.stringify(record));
    return;
  }
  const fields = Object.entries(record)
    .filter(([key]) => key !== 'bench')
    .map(([key, value]) => `${key}=${String(value)}`);
  console.log(`${String(record.bench)}: ${fields.join('  ')}`);
}
