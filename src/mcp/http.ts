// MCP over Streamable HTTP, stateless: each POST gets its own server and transport, answered as JSON.

import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ToolGuard } from '../tools/index.ts';
import { createMcpServer, type McpServerInfo } from './server.ts';

/**
 * The answer to GET, DELETE or any other method but POST. A stateless server keeps no stream to open with GET and no
 * session to end with DELETE, so it answers 405 as the transport defines: "the server MUST either return
 * `Content-Type: text/event-stream` in response to this HTTP GET, or else return HTTP 405 Method Not Allowed"
 * (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#listening-for-messages-from-the-server).
 * The body is the one of the SDK's stateless examples. Answering GET with a stream that ends at once instead makes the
 * SDK's client reopen it every second, for as long as it is connected.
 */
function mcpMethodNotAllowed(): Response {
  const body = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null };
  return new Response(JSON.stringify(body), {
    status: 405,
    headers: { allow: 'POST', 'content-type': 'application/json' },
  });
}

/**
 * Answers one HTTP request to `/mcp`. Stateless: no session is kept between requests, which every tool allows
 * (a read carries everything it needs), so any hearth worker can answer any request. Only POST is answered.
 */
export async function handleMcpRequest(request: Request, guard: ToolGuard, info: McpServerInfo): Promise<Response> {
  if (request.method !== 'POST') return mcpMethodNotAllowed();
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
