// /mcp: the tool catalog over MCP's Streamable HTTP transport.

import type { Context } from 'hono';
import type { McpServerInfo } from '../../mcp/index.ts';
import type { ToolGuard } from '../../tools/index.ts';
import type { AppEnv } from '../context.ts';

/** The MCP folder, with the SDK it loads. */
type McpModule = typeof import('../../mcp/index.ts');

/**
 * Hands the raw request to the MCP transport; it answers POST; any other method is 405 (no stream or session is kept).
 * A key limited to some connections gives its client those only. The MCP SDK is loaded with the first request here:
 * a server no MCP client calls never holds it (it was a few megabytes of an idle server's memory).
 */
export function mcp(guard: ToolGuard, info: McpServerInfo) {
  let loaded: Promise<McpModule> | undefined;
  return async (c: Context<AppEnv>) => {
    loaded ??= import('../../mcp/index.ts');
    const { handleMcpRequest } = await loaded;
    const connections = c.get('keyConnections');
    return handleMcpRequest(c.req.raw, guard, connections === undefined ? info : { ...info, connections });
  };
}
