// GET /healthz: the process is up and serving.

import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

/** Answers `{"status":"ok"}`; it needs no key, so a supervisor can probe it. */
export function healthz() {
  return (c: Context<AppEnv>) => c.json({ status: 'ok' });
}
