// The one place errors become responses: coded errors map by kind, anything else is a logged 500.

import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { type ErrorCode, isHearthError, type ErrorKind, type Logger } from '../common/index.ts';
import { toOllamaError, type OllamaWireError } from '../ollama/index.ts';
import { toWireError, type WireError } from '../openai/index.ts';
import { echo } from '../tools/index.ts';
import type { AppEnv } from './context.ts';

/** Paths of the Ollama API, whose errors take Ollama's `{"error": "…"}` form. */
const OLLAMA_PATH = /^\/api(\/|$)/;

/** The Responses API, whose request carries the conversation in `input` where chat completions has `messages`. */
const RESPONSES_PATH = /^\/v1\/responses$/;

/** What a thrown value means for a client, before a dialect writes it. */
interface ClientError {
  kind: ErrorKind;
  message: string;
  code?: ErrorCode;
  param?: string;
}

/** The status and OpenAI error body for any thrown value; internal errors are logged, never described. */
export function wireErrorOf(error: unknown, logger: Logger, path = ''): WireError {
  const { kind, message, ...options } = clientErrorOf(error, logger);
  // An error about the conversation names the field the client sent it in.
  if (options.param === 'messages' && RESPONSES_PATH.test(path)) options.param = 'input';
  return toWireError(kind, message, options);
}

/** The status and Ollama error body for any thrown value, logged as {@link wireErrorOf} logs it. */
export function ollamaWireErrorOf(error: unknown, logger: Logger): OllamaWireError {
  const { kind, message } = clientErrorOf(error, logger);
  return toOllamaError(kind, message);
}

function clientErrorOf(error: unknown, logger: Logger): ClientError {
  if (isHearthError(error)) {
    if (error.kind === 'internal') logger.error({ err: error }, 'internal error');
    else if (error.kind === 'upstream_failure' || error.kind === 'upstream_timeout')
      logger.warn({ code: error.code, message: error.message }, 'backend failed');
    const classified: ClientError = { kind: error.kind, message: error.message, code: error.code };
    if (error.param !== undefined) classified.param = error.param;
    return classified;
  }
  if (error instanceof HTTPException && error.status < 500) {
    return { kind: 'invalid_request', message: error.message || 'The request is invalid.' };
  }
  logger.error({ err: error }, 'unexpected error');
  return {
    kind: 'internal',
    message: 'The server failed to answer this request; the error is in its log.',
    code: 'INTERNAL_ERROR',
  };
}

/** Hono's error handler. */
export function onError(error: Error, c: Context<AppEnv>): Response {
  const { path } = c.req;
  const wire = OLLAMA_PATH.test(path) ? ollamaWireErrorOf(error, c.var.logger) : wireErrorOf(error, c.var.logger, path);
  return c.json(wire.body, wire.status as 400);
}

/** Hono's handler for paths that do not exist. */
export function onNotFound(c: Context<AppEnv>): Response {
  // The path is quoted cut: a URL may be as long as the server's header limit allows.
  const message = `There is no ${c.req.method} ${echo(c.req.path)}.`;
  const wire = OLLAMA_PATH.test(c.req.path)
    ? toOllamaError('not_found', message)
    : toWireError('not_found', message, { code: 'UNKNOWN_URL' satisfies ErrorCode });
  return c.json(wire.body, 404);
}
