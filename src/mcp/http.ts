// MCP over Streamable HTTP, stateless: each POST gets its own server and transport, answered as JSON.

import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ToolGuard } from '../tools/index.ts';
import { createMcpServer, type McpServerInfo } from './server.ts';

/**
 * Answers one HTTP request to `/mcp`. Stateless: no session is kept between requests, which every tool allows
 * (a read carries everything it needs), so any hearth worker can answer any request.
 */
export async function handleMcpRequest(request: Request, guard: ToolGuard, info: McpServerInfo): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  const server = createMcpServer(guard, info);
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    // With JSON responses the answer is complete once handleRequest resolves.
    await server.close();
  }
}
