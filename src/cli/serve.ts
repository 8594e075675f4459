// `hearth serve`: load the configuration, build the app, listen, and say where.

import type { Command } from './args.ts';
import { readFileIfPresent } from './read-file.ts';
import { renderBanner } from './banner.ts';
import { loadConfig } from './config.ts';
import { listen, type Listening } from './listen.ts';
import { createLogger, createRandomIds, createSystemClock } from './runtime.ts';
import { buildApp } from './wire.ts';

/** Starts the server for a `serve` command and prints the banner to `print`. */
export async function runServe(command: Command & { kind: 'serve' }, env: NodeJS.ProcessEnv, print: (text: string) => void): Promise<Listening> {
  const { config, path } = loadConfig({
    ...(command.configPath === undefined ? {} : { explicitPath: command.configPath }),
    env,
    readFile: readFileIfPresent,
  });
  if (command.host !== undefined) config.server.host = command.host;
  if (command.port !== undefined) config.server.port = command.port;
  const runtime = { clock: createSystemClock(), ids: createRandomIds(), logger: createLogger(config.log.level) };
  const app = buildApp(config, runtime);
  const listening = await listen(app, config.server.host, config.server.port);
  print(renderBanner(config, listening.url, path));
  return listening;
}
