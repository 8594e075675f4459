// `hearth mcp`: the Home Assistant tools over MCP on stdin/stdout; logs go to stderr, never stdout.

import { serveMcpStdio } from '../mcp/index.ts';
import type { Command } from './args.ts';
import { loadCommandConfig } from './command-config.ts';
import { createLogger } from './runtime.ts';
import { buildCommandToolAddOn } from './tool-add-on.ts';
import { readVersion } from './version.ts';

/** Serves until stdin ends. */
export async function runMcp(command: Command & { kind: 'mcp' }, env: NodeJS.ProcessEnv): Promise<void> {
  const { config } = loadCommandConfig(command, env);
  // stdout carries the protocol; hearth's logger always writes to stderr.
  const logger = createLogger(config.log.level, config.log.format);
  const addOn = buildCommandToolAddOn(config, env, logger);
  // `--connection NAME` limits the client as an API key's `connections` limit a client of /mcp: by the caller.
  const only = command.connections.length === 0 ? {} : { connections: command.connections };
  try {
    await serveMcpStdio(
      addOn.guard,
      { name: 'hearth', version: readVersion(), ...only },
      {
        input: process.stdin,
        output: process.stdout,
      },
    );
  } finally {
    await addOn.close();
  }
}
