// The fake's record: every HTTP request, template, service call and WebSocket frame it received or sent, and warnings.

/** One HTTP request, recorded on arrival (refused, redirected and upgrade requests included). */
export interface RecordedHttpRequest {
  method: string;
  /** The path with its query string, as sent. */
  path: string;
  /** Header names in lower case, as Node gives them. */
  headers: Record<string, string | string[] | undefined>;
  /** The body as text; empty when there was none. */
  body: string;
}

/** One template the fake was asked to render. */
export interface RecordedTemplate {
  via: 'rest' | 'ws';
  template: string;
}

/**
 * One service call, recorded as it arrived (once its body was read as JSON): before the checks and the effect, so
 * refused, failed and dropped calls are here too.
 */
export interface RecordedServiceCall {
  domain: string;
  service: string;
  /** The service data as sent: the REST body (`{}` when empty), or WebSocket `service_data` merged with `target`. */
  data: unknown;
  via: 'rest' | 'ws';
  /** The fake's clock when it arrived (HA's time text); the changed states carry it as `last_updated`. */
  at: string;
  /** The id of the context HA created for the call; the states it changed carry it. */
  contextId: string;
}

/** One WebSocket frame: text as a string, binary as bytes. */
export interface RecordedFrame {
  /** Which connection, counting from 1 in the order they were opened. */
  connection: number;
  direction: 'in' | 'out';
  data: string | Uint8Array;
}

/** Everything a fake Home Assistant received and sent; tests assert on it. */
export interface FakeHaLog {
  readonly requests: RecordedHttpRequest[];
  readonly templates: RecordedTemplate[];
  readonly ws: RecordedFrame[];
  readonly serviceCalls: RecordedServiceCall[];
  /** What HA would have logged as a warning, e.g. `Referenced entities light.x are missing or not currently available`. */
  readonly warnings: string[];
  /** Forgets everything recorded so far. */
  clear(): void;
}

/** An empty record. */
export function createLog(): FakeHaLog {
  const log: FakeHaLog = {
    requests: [],
    templates: [],
    ws: [],
    serviceCalls: [],
    warnings: [],
    clear() {
      log.requests.length = 0;
      log.templates.length = 0;
      log.ws.length = 0;
      log.serviceCalls.length = 0;
      log.warnings.length = 0;
    },
  };
  return log;
}
