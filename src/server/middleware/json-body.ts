// Reads a POST body as JSON: 415 unless it is declared JSON, 413 past the size limit, 400 if it does not parse.

import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import { HearthError } from '../../common/index.ts';
import { createLargeValueCache, parseJsonBody } from '../../openai/index.ts';
import { echo } from '../../tools/index.ts';
import type { AppEnv } from '../context.ts';

/** Options of {@link jsonBody}. */
export interface JsonBodyMiddlewareOptions {
  /**
   * Parse the body whatever its Content-Type: Ollama accepts that, and its documented `curl -d` examples send
   * a form type.
   */
  anyContentType?: boolean;
}

/** The content-type check, the size limit and the parse, in that order; the value lands in `c.var.body`. */
export function jsonBody(limitBytes: number, options: JsonBodyMiddlewareOptions = {}) {
  const tooLarge = () =>
    new HearthError('PAYLOAD_TOO_LARGE', `The request body is larger than ${formatBytes(limitBytes)}.`);
  const streamingLimit = bodyLimit({
    maxSize: limitBytes,
    onError: () => {
      throw tooLarge();
    },
  });
  // With a Content-Length the header decides, and the body is left untouched so the Node adapter can read
  // it in one go (touching `request.body` turns it into a web stream, several times slower for big
  // bodies). A chunked body is counted as it arrives.
  const limit = createMiddleware<AppEnv>(async (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamingLimit(c, next);
    if (!/^\d+$/.test(length) || Number(length) > limitBytes) throw tooLarge();
    return next();
  });
  const checkType = createMiddleware<AppEnv>(async (c, next) => {
    if (options.anyContentType === true) return next();
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
      throw new HearthError(
        'UNSUPPORTED_MEDIA_TYPE',
        `The request body must be JSON with "Content-Type: application/json" (got ${type === '' ? 'none' : echo(type)}).`,
      );
    }
    return next();
  });
  // Home Assistant sends the same system prompt and tools on every round: decoded once, reused.
  const largeValues = createLargeValueCache();
  const parse = createMiddleware<AppEnv>(async (c, next) => {
    c.set('body', parseJsonBody(await c.req.text(), { largeValues }));
    return next();
  });
  return [checkType, limit, parse] as const;
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
