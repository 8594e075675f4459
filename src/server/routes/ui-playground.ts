// POST /ui/playground: what HA-Assist does with one sentence, against the demo home or a connection's home.

import type { Context } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { INPUT_LIMITS } from '../../tools/index.ts';
import type { AppEnv, PageDeps } from '../context.ts';
import { exactBody } from '../exact-body.ts';
import type { PlaygroundRequest, PlaygroundResponse } from '../page-contract.ts';
import { parseBody } from './parse-body.ts';

/** A sentence Home Assistant could send: long enough for any command, short enough to keep the page quick. */
const MAX_SENTENCE_CHARS = 2000;

const PlaygroundSchema = exactBody<PlaygroundRequest>()(
  z.strictObject({
    sentence: z.string().trim().min(1, 'must not be empty').max(MAX_SENTENCE_CHARS),
    // A connection's name (or `demo`); it is quoted back when no such home exists.
    home: z
      .string()
      .min(1)
      .max(INPUT_LIMITS.connectionNameChars, `must be at most ${INPUT_LIMITS.connectionNameChars} characters`)
      .default('demo'),
  }),
);

/**
 * The handler. The demo home is as open as /v1; a connection's home is read with its token, so it needs a key as MCP
 * does (`readsHome` checks it).
 */
export function uiPlayground(page: PageDeps, readsHome: MiddlewareHandler<AppEnv>) {
  return async (c: Context<AppEnv>) => {
    const { sentence, home } = parseBody(PlaygroundSchema, c.var.body, 'INVALID_PLAYGROUND_REQUEST');
    if (home !== 'demo') await readsHome(c, async () => {});
    const connections = c.get('keyConnections');
    const answer = await page.playground(sentence, home, connections === undefined ? {} : { connections });
    return c.json(answer satisfies PlaygroundResponse);
  };
}
