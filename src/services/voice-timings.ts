// The time each pipeline stage took, from when hearth received its start and end events.

/** A received event and when (monotonic ms). */
export interface TimedEvent {
  type: string;
  at: number;
}

/** The stages whose `-start`/`-end` events bracket their time, in the pipeline's order. */
export const STAGES = ['wake_word', 'stt', 'intent', 'tts'] as const;

/** Milliseconds per stage that ran, and for the whole run (`run`), from the events in order. */
export function stageTimings(events: readonly TimedEvent[]): Record<string, number> {
  const timings: Record<string, number> = {};
  const at = (type: string) => events.find((event) => event.type === type)?.at;
  for (const stage of [...STAGES, 'run'] as const) {
    const start = at(`${stage}-start`);
    const end = at(`${stage}-end`);
    if (start !== undefined && end !== undefined) timings[stage] = Math.round(end - start);
  }
  return timings;
}

/** The median and 90th percentile (nearest rank) of some durations. */
export function summarize(values: readonly number[]): { median: number; p90: number } | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: rank(0.5), p90: rank(0.9) };
}
