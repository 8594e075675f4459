// The fake's record: every HTTP request, template and WebSocket frame it received or sent, in order.

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
  /** Forgets everything recorded so far. */
  clear(): void;
}

/** An empty record. */
export function createLog(): FakeHaLog {
  const log: FakeHaLog = {
    requests: [],
    templates: [],
    ws: [],
    clear() {
      log.requests.length = 0;
      log.templates.length = 0;
      log.ws.length = 0;
    },
  };
  return log;
}
