// The fake's record: every HTTP request, template, service call, WebSocket frame and pipeline run it saw, and warnings.

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

/** One binary WebSocket frame of the command phase (a zero-length frame, which closes the connection, is not here). */
export interface RecordedBinaryFrame {
  /** Which connection, counting from 1 in the order they were opened. */
  connection: number;
  /** The first byte: the binary handler it is meant for (recorded even when no such handler exists). */
  handlerId: number;
  /** The payload without the id byte; empty for the end-of-audio frame. */
  bytes: Buffer;
}

/** One `assist_pipeline/run` that passed the schema and stage checks, as the client sent it. */
export interface RecordedPipelineRun {
  connection: number;
  /** The message id, which is also the id of the run's events. */
  id: number;
  startStage: string;
  endStage: string;
  input: Record<string, unknown>;
  /** The pipeline id as sent; undefined when the client left it out (the preferred one runs). */
  pipeline: string | undefined;
  /** The conversation id as sent (null or undefined for a new conversation); `run-start` carries the one used. */
  conversationId: string | null | undefined;
  /** The run's timeout in seconds (the message's `timeout`, default 300). */
  timeout: number;
}

/** Everything a fake Home Assistant received and sent; tests assert on it. */
export interface FakeHaLog {
  readonly requests: RecordedHttpRequest[];
  readonly templates: RecordedTemplate[];
  readonly ws: RecordedFrame[];
  readonly serviceCalls: RecordedServiceCall[];
  /** Every binary frame received in the command phase, split into handler id and payload. */
  readonly binaryFrames: RecordedBinaryFrame[];
  /** Every pipeline run started (rejected as `pipeline-not-found` or by validation included). */
  readonly pipelineRuns: RecordedPipelineRun[];
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
    binaryFrames: [],
    pipelineRuns: [],
    warnings: [],
    clear() {
      log.requests.length = 0;
      log.templates.length = 0;
      log.ws.length = 0;
      log.serviceCalls.length = 0;
      log.binaryFrames.length = 0;
      log.pipelineRuns.length = 0;
      log.warnings.length = 0;
    },
  };
  return log;
}
