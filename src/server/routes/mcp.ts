// /mcp: the tool catalog over MCP's Streamable HTTP transport.

import type { Context } from 'hono';
import { handleMcpRequest, type McpServerInfo } from '../../mcp/index.ts';
import type { ToolGuard } from '../../tools/index.ts';
import type { AppEnv } from '../context.ts';

/**
 * Hands the raw request to the MCP transport; it answers POST; any other method is 405 (no stream or session is kept).
 * A key limited to some connections gives its client those only.
 */
export function mcp(guard: ToolGuard, info: McpServerInfo) {
  return (c: Context<AppEnv>) => {
    const connections = c.get('keyConnections');
    return handleMcpRequest(c.req.raw, guard, connections === undefined ? info : { ...info, connections });
  };
}
