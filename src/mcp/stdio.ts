// MCP over stdio: protocol messages on stdin and stdout, nothing else on stdout.

import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ToolGuard } from '../tools/index.ts';
import { createMcpServer, type McpServerInfo } from './server.ts';

/** Serves the guard's tools on a pair of streams until the input ends; resolves then. */
export async function serveMcpStdio(
  guard: ToolGuard,
  info: McpServerInfo,
  streams: { input: Readable; output: Writable },
): Promise<void> {
  const server = createMcpServer(guard, info);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport(streams.input, streams.output));
  streams.input.once('end', () => void server.close());
  await closed;
}
