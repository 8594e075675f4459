// `hearth connections add|list|test|remove`: manage the Home Assistant connections on the command line.

import { HearthError } from '../common/index.ts';
import { changeConnectionThroughOwner, type OwnerAdmin, ownerAdmin } from '../services/index.ts';
import { type ConnectionAdmin, type ConnectionTest, echo } from '../tools/index.ts';
import type { ConnectionsCommand } from './args.ts';
import { loadCommandConfig } from './command-config.ts';
import { buildCommandToolAddOn } from './tool-add-on.ts';
import { readToken, type TokenInput } from './read-token.ts';
import { terminalText } from './terminal-text.ts';

/** Where the command reads and writes. */
export interface ConnectionsIo extends TokenInput {
  print: (text: string) => void;
  printError: (text: string) => void;
  /** The fetch used to reach a running hearth that owns the data folder (the global one unless given). */
  fetch?: typeof globalThis.fetch;
}

/** Runs the command; resolves with the exit code (1 when a test or an add fails, 0 otherwise). */
export async function runConnections(
  command: ConnectionsCommand,
  env: NodeJS.ProcessEnv,
  io: ConnectionsIo,
): Promise<number> {
  const { config } = loadCommandConfig(command, env);
  const addOn = buildCommandToolAddOn(config, env);
  try {
    if (command.action === 'add' || command.action === 'remove' || command.action === 'mode') {
      const owner = ownerAdmin(addOn.dataDir, {
        adminKey: env.HEARTH_ADMIN_KEY ?? config.server.admin_key,
        fetch: io.fetch ?? globalThis.fetch,
        what: `${command.action === 'mode' ? 'change the write mode of' : command.action} a connection`,
      });
      // Checked just above: only these three actions get here (TypeScript narrows the action, not the command).
      if (owner !== undefined) return await changeThroughOwner(command as ChangingCommand, owner, io);
    }
    return await run(command, addOn.connections, io);
  } finally {
    await addOn.close();
  }
}

async function run(command: ConnectionsCommand, admin: ConnectionAdmin, io: ConnectionsIo): Promise<number> {
  switch (command.action) {
    case 'list': {
      const rows = admin.list();
      if (rows.length === 0) io.print('No connections. Add one with: hearth connections add NAME --url URL');
      for (const row of rows)
        io.print(
          [row.name, row.address, row.enabled ? 'enabled' : 'disabled', row.writeMode, ...(row.pin ? ['pinned'] : [])]
            .map(terminalText)
            .join('\t'),
        );
      return 0;
    }
    case 'add': {
      const token = await readToken(io);
      const added = await admin.add({
        name: command.name,
        url: command.url,
        token,
        ...(command.pin === undefined ? {} : { pin: command.pin }),
      });
      if (added.kind !== 'added') {
        io.printError(
          `hearth: ${added.field === 'url' ? '--url' : added.field === 'pin' ? '--pin' : added.field}: ${added.reason}`,
        );
        return 1;
      }
      io.print(
        `Saved ${added.connection.name} (${added.connection.address}); its token is stored encrypted and is not shown again.`,
      );
      return report(command.name, await admin.test(command.name), io);
    }
    case 'test':
      return report(command.name, await admin.test(command.name), io);
    case 'mode':
      if (!admin.setWriteMode(command.name, command.mode)) throw unknown(command.name);
      io.print(`${command.name}: ${command.mode}`);
      return 0;
    case 'remove':
      if (!(await admin.remove(command.name))) throw unknown(command.name);
      io.print(`Removed ${command.name}.`);
      return 0;
  }
}

/** The connections commands that change the data folder. */
type ChangingCommand = ConnectionsCommand & { action: 'add' | 'remove' | 'mode' };

/** Adds, removes or sets the write mode of a connection through the running hearth that owns the data folder. */
async function changeThroughOwner(command: ChangingCommand, owner: OwnerAdmin, io: ConnectionsIo): Promise<number> {
  const change =
    command.action === 'add'
      ? {
          action: command.action,
          name: command.name,
          url: command.url,
          token: await readToken(io),
          ...(command.pin === undefined ? {} : { pin: command.pin }),
        }
      : command;
  const answer = await changeConnectionThroughOwner(owner, change);
  if (!answer.ok) {
    io.printError(`hearth: ${terminalText(answer.reason)}`);
    return 1;
  }
  const done = command.action === 'add' ? 'saved' : command.action === 'remove' ? 'removed' : command.mode;
  io.print(terminalText(`${command.name}: ${done} through hearth at ${owner.url}.`));
  return 0;
}

function report(name: string, test: ConnectionTest | undefined, io: ConnectionsIo): number {
  if (test === undefined) throw unknown(name);
  if (test.ok) {
    // The version and the reason are Home Assistant's words (or quote them): escaped before they reach the terminal.
    io.print(terminalText(`${name}: Home Assistant ${test.version}`));
    return 0;
  }
  io.printError(terminalText(`${name}: ${test.reason}`));
  return 1;
}

function unknown(name: string): HearthError {
  return new HearthError('UNKNOWN_CONNECTION', `there is no connection named ${echo(name)}`);
}
