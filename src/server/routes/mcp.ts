// /mcp: the tool catalog over MCP's Streamable HTTP transport.

import type { Context } from 'hono';
import { handleMcpRequest, type McpServerInfo } from '../../mcp/index.ts';
import type { ToolGuard } from '../../tools/index.ts';
import type { AppEnv } from '../context.ts';

/** Hands the raw request to the MCP transport; it answers POST; any other method is 405 (no stream or session is kept). */
export function mcp(guard: ToolGuard, info: McpServerInfo) {
  return (c: Context<AppEnv>) => handleMcpRequest(c.req.raw, guard, info);
}
