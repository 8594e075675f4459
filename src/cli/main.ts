// The program's start: read the command line, run the command, turn failures into a message and an exit code.

import { isHearthError } from '../common/index.ts';
import { COMMAND_USAGE, parseCommand, usageOf } from './args.ts';
import { runAsk } from './ask.ts';
import { runChanges } from './changes-command.ts';
import { runConnections } from './connections-command.ts';
import { runMcp } from './mcp-command.ts';
import { fileErrorOf } from './read-file.ts';
import { runVoice, VOICE_EXIT } from './voice-command.ts';
import { readVersion } from './version.ts';
import { runServe } from './serve.ts';

/** Runs hearth with `argv` (without node and the script). Resolves with an exit code for commands that end. */
export async function main(argv: readonly string[]): Promise<number | undefined> {
  try {
    const command = parseCommand(argv);
    switch (command.kind) {
      case 'help':
        console.log(usageOf(command.topic));
        return 0;
      case 'version':
        console.log(readVersion());
        return 0;
      case 'ask':
        await runAsk(command, process.env, (text) => console.log(text));
        return 0;
      case 'connections':
        return await runConnections(command, process.env, {
          input: process.stdin,
          prompt: process.stderr,
          print: (text) => console.log(text),
          printError: (text) => console.error(text),
        });
      case 'changes':
        return await runChanges(command, process.env, {
          print: (text) => console.log(text),
          printError: (text) => console.error(text),
          fetch: globalThis.fetch,
        });
      case 'voice':
        return await runVoice(command, process.env, {
          print: (text) => console.log(text),
          printError: (text) => console.error(text),
          progress: (text) => process.stderr.write(text),
          sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          now: () => performance.now(),
          fetch: globalThis.fetch,
          stdin: process.stdin,
        });
      case 'mcp':
        await runMcp(command, process.env);
        return 0;
      case 'serve': {
        const listening = await runServe(command, process.env, (text) => console.log(text));
        const stop = () => void listening.close().then(() => process.exit(0));
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        return undefined;
      }
    }
  } catch (thrown) {
    // A file the user named that cannot be read (a missing policy file, a folder given as a file) is one line too.
    const error = isHearthError(thrown) ? thrown : fileErrorOf(thrown);
    if (error === undefined) throw thrown;
    console.error(`hearth: ${error.message}`);
    // A mistake in one command shows that command's usage; an unknown command, every command's.
    if (error.code === 'BAD_ARGUMENTS')
      console.error(usageOf(argv[0] !== undefined && argv[0] in COMMAND_USAGE ? argv[0] : undefined));
    // `hearth voice` has its own exit codes (a scripts' contract): 1 is bad usage there, 2 a pipeline error.
    if (argv[0] === 'voice')
      return ['BAD_ARGUMENTS', 'FILE_UNREADABLE'].includes(error.code) ? VOICE_EXIT.usage : VOICE_EXIT.connection;
    // Every other command: a failure it explains in one line (a missing key file, a bad argument) is exit 1.
    return 1;
  }
}

// Run when executed directly (bin/hearth.mjs, or `tsx src/cli/main.ts`), not when imported by tests.
if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main(process.argv.slice(2)).then((code) => {
    if (code !== undefined) process.exitCode = code;
  });
}
