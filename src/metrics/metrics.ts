// hearth's Prometheus metrics (prom-client, one registry per process): every counter and histogram, named hearth_….

import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Seconds: a direct HA-Assist answer takes about a millisecond, a model call seconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** One answered HTTP request's labels. */
export interface RequestLabels {
  /** `openai` (/v1), `ollama` (/api), `mcp`, `admin`, `page` (/ and /ui), `health` or `metrics`. */
  surface: string;
  /** The route as registered (`/v1/chat/completions`, `/admin/proposals/:id/confirm`), never the raw path. */
  route: string;
  method: string;
  status: number;
}

/** What each part of hearth reports; cli/ passes these functions to the parts that observe them. */
export interface Metrics {
  request(labels: RequestLabels, seconds: number): void;
  /** An HA-Assist turn answered by `route`, in seconds until its answer was complete. */
  turn(route: 'direct' | 'llm' | 'vlm', seconds: number): void;
  /** A model call that failed, by model and error code as clients see it (`backend_timeout`, …). */
  backendError(model: string, code: string): void;
  /** A tool call: `allowed` (run), `refused` (by the guard, the limits or Home Assistant), or `proposed`. */
  toolCall(tool: string, outcome: 'allowed' | 'refused' | 'proposed'): void;
  /** A service call's journal entry finished: `done`, `failed` or `unknown`. */
  journal(state: string): void;
  /** The Prometheus text of every metric. */
  exposition(): Promise<{ contentType: string; body: string }>;
}

/** Creates the metrics on a registry of their own, with the process's default metrics (memory, CPU, event loop). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'hearth_' });
  const requests = new Counter({
    name: 'hearth_http_requests_total',
    help: 'HTTP requests answered, by surface, route, method and status.',
    labelNames: ['surface', 'route', 'method', 'status'],
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'hearth_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (for a stream: until its headers), by surface and route.',
    labelNames: ['surface', 'route'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const turns = new Counter({
    name: 'hearth_assist_turns_total',
    help: 'HA-Assist turns answered, by route: direct (no model), llm or vlm (one model call).',
    labelNames: ['route'],
    registers: [registry],
  });
  const turnSeconds = new Histogram({
    name: 'hearth_assist_turn_duration_seconds',
    help: 'Time until an HA-Assist answer was complete, by route.',
    labelNames: ['route'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const backendErrors = new Counter({
    name: 'hearth_backend_errors_total',
    help: 'Model calls that failed, by model and error code.',
    labelNames: ['model', 'code'],
    registers: [registry],
  });
  const toolCalls = new Counter({
    name: 'hearth_tool_calls_total',
    help: 'Home Assistant tool calls, by tool and outcome: allowed, refused or proposed.',
    labelNames: ['tool', 'outcome'],
    registers: [registry],
  });
  const journal = new Counter({
    name: 'hearth_journal_operations_total',
    help: 'Service calls sent to Home Assistant, by outcome: done, failed or unknown.',
    labelNames: ['state'],
    registers: [registry],
  });
  return {
    request(labels, seconds) {
      requests.inc({ ...labels, status: String(labels.status) });
      requestSeconds.observe({ surface: labels.surface, route: labels.route }, seconds);
    },
    turn(route, seconds) {
      turns.inc({ route });
      turnSeconds.observe({ route }, seconds);
    },
    backendError: (model, code) => backendErrors.inc({ model, code }),
    toolCall: (tool, outcome) => toolCalls.inc({ tool, outcome }),
    journal: (state) => journal.inc({ state }),
    exposition: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}
