// /mcp: the tool catalog over MCP's Streamable HTTP transport.

import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HearthError } from '../../common/index.ts';
import { handleMcpRequest, type McpServerInfo } from '../../mcp/index.ts';
import type { ToolGuard } from '../../tools/index.ts';
import type { AppEnv } from '../context.ts';

/** Hands the raw request to the MCP transport; it answers POST, and refuses GET and DELETE (no sessions are kept). */
export function mcp(guard: ToolGuard, info: McpServerInfo) {
  return (c: Context<AppEnv>) => handleMcpRequest(c.req.raw, guard, info);
}

/** The body limit of the other APIs, for MCP's raw body (the transport reads it itself). */
export function mcpBodyLimit(limitBytes: number) {
  return bodyLimit({
    maxSize: limitBytes,
    onError: () => {
      throw new HearthError(
        'payload_too_large',
        'PAYLOAD_TOO_LARGE',
        `The request body is larger than ${limitBytes} bytes.`,
      );
    },
  });
}
