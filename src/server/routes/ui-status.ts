// GET /ui/status and /ui/assist/recent: what the page shows in its header and pickers, and its chart's data.

import type { Context } from 'hono';
import type { AppDeps, AppEnv, PageDeps } from '../context.ts';
import { isKeylessLoopback } from '../middleware/keyless-loopback.ts';
import type { RecentResponse, StatusResponse } from '../page-contract.ts';

/** The handlers over the page's services. */
export function uiStatus(deps: AppDeps, page: PageDeps) {
  return {
    status: (c: Context<AppEnv>) => {
      // A key limited to named connections sees those homes only.
      const only = c.get('keyConnections');
      const connections = (deps.tools?.connections.list() ?? []).filter(
        (connection) => only === undefined || only.includes(connection.name),
      );
      return c.json({
        version: page.version,
        api_key_required: deps.apiKeys.length > 0,
        admin_api: (deps.adminKey ?? null) !== null,
        keyless_loopback: isKeylessLoopback(deps),
        tools: deps.tools !== undefined,
        chat_models: page.chatModels,
        homes: ['demo', ...connections.filter((connection) => connection.enabled).map((connection) => connection.name)],
      } satisfies StatusResponse);
    },
    recent: (c: Context<AppEnv>) => c.json({ requests: page.recent.list() } satisfies RecentResponse),
  };
}
