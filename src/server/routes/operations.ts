// GET /metrics (Prometheus text) and GET /readyz (every configured backend and connection reachable, or why not).

import type { Context } from 'hono';
import { HearthError } from '../../common/index.ts';
import type { AppEnv, Readiness, ServerMetrics } from '../context.ts';

/** The handlers over what cli/ built. */
export function operations(metrics: ServerMetrics | undefined, readiness: (() => Promise<Readiness>) | undefined) {
  return {
    metrics: async (c: Context<AppEnv>) => {
      if (metrics === undefined) throw new HearthError('NOT_FOUND', 'Metrics are not collected here.');
      const { contentType, body } = await metrics.exposition();
      return c.body(body, 200, { 'content-type': contentType });
    },

    // 503 names each model and connection that cannot be reached, with its address and the reason; 200 when all can.
    readyz: async (c: Context<AppEnv>) => {
      const state = readiness === undefined ? { ready: true, checks: [] } : await readiness();
      const failing = state.checks.filter((check) => !check.ok);
      const body = {
        status: state.ready ? 'ready' : 'not ready',
        ...(failing.length === 0
          ? {}
          : {
              reason: failing
                .map((check) => `${check.kind} ${check.name} at ${check.url}: ${check.reason ?? 'unreachable'}`)
                .join('; '),
            }),
        checks: state.checks,
      };
      return c.json(body, state.ready ? 200 : 503);
    },
  };
}
