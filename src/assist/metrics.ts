// The diagnostics HA-Assist attaches to non-streaming responses, in the document's wire names.

/** `metrics.ha_route`: which way the request went and what it cost. */
export interface RouteMetrics {
  /** `direct` (no model ran), `llm` (text backend) or `vlm` (vision backend). */
  route: 'direct' | 'llm' | 'vlm';
  /** The physical model that ran, or null for a direct answer. */
  backend: string | null;
  /** Milliseconds spent before the backend call (or on the whole direct answer). */
  prep_ms: number;
  /** Generative calls made: 0 or 1, never more. */
  inference_calls: 0 | 1;
}

/** The `metrics` object of an HA-Assist response. */
export interface AssistMetrics {
  ha_route: RouteMetrics;
}

/** Rounds a duration for reporting (microsecond resolution is plenty). */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
