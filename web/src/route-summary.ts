// The words that say what the route chart shows, for screen readers and anyone who prefers text.
import type { AssistTurnJson, AssistRoute } from './types.ts';

/** The routes in the order the chart and the summary list them. */
export const ROUTES: readonly AssistRoute[] = ['direct', 'llm', 'vlm'];

/** "12 requests: 10 direct (median 0.9 ms), 2 llm (median 840 ms)." */
export function summarizeRequests(requests: readonly AssistTurnJson[]): string {
  if (requests.length === 0) return 'No HA-Assist requests yet.';
  const parts = ROUTES.flatMap((route) => {
    const times = requests.filter((request) => request.route === route).map((request) => request.ms);
    return times.length === 0 ? [] : [`${times.length} ${route} (median ${formatMs(median(times))})`];
  });
  const noun = requests.length === 1 ? 'request' : 'requests';
  return `${requests.length} ${noun}: ${parts.join(', ')}.`;
}

/** A duration for people: one decimal under 10 ms, whole milliseconds above. */
export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms).toLocaleString('en')} ms`;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
