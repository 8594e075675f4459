// The MCP surface of the tool add-on: stdio and Streamable HTTP over the same server.

export type { McpServerInfo } from './server.ts';
export { handleMcpRequest } from './http.ts';
export { serveMcpStdio } from './stdio.ts';
