// The answers Home Assistant's HTTP layer gives: JSON views, `json_message` errors, and aiohttp's bare text errors.

/** One HTTP answer, before it is written. */
export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  /** Undefined for an answer without a body (302, 503). */
  body?: string;
  /** No answer at all: the server destroys the request's socket (`dropAfterServiceCall`). */
  isDropped?: boolean;
}

const TEXT = 'text/plain; charset=utf-8';

/** A view's JSON answer (`self.json`): compact, as orjson writes it. */
export function jsonResponse(value: unknown, status = 200): RestResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

/** A view's `json_message`: `{"message": "..."}`. */
export function messageResponse(message: string, status: number): RestResponse {
  return jsonResponse({ message }, status);
}

/** A view's string answer (`web.Response(text=…)`). */
export function textResponse(text: string, status = 200): RestResponse {
  return { status, headers: { 'content-type': TEXT }, body: text };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
};

/** An aiohttp HTTP exception: bare text such as `401: Unauthorized`. */
export function bareError(status: number, headers: Record<string, string> = {}): RestResponse {
  return { status, headers: { 'content-type': TEXT, ...headers }, body: `${status}: ${REASONS[status] ?? 'Error'}` };
}

/** aiohttp's answer to an exception nothing converted (e.g. the logbook's `InvalidEntityFormatError`). */
export function unhandledError(): RestResponse {
  return textResponse('500 Internal Server Error\n\nServer got itself in trouble', 500);
}

/** A body-less answer (302 redirect, 503 while stopping). */
export function emptyResponse(status: number, headers: Record<string, string> = {}): RestResponse {
  return { status, headers };
}

/** Not an answer: the connection is destroyed instead, so the client sees a reset. */
export function droppedConnection(): RestResponse {
  return { status: 0, headers: {}, isDropped: true };
}
