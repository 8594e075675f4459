// The program's start: read the command line, run the command, turn failures into a message and an exit code.

// Each command's module is imported when it runs: `serve` then loads and compiles none of the others' (the MCP SDK's
// stdio transport, the voice client, the demo home), which is most of a start's time.
import { isHearthError } from '../common/index.ts';
import { COMMAND_USAGE, parseCommand, usageOf } from './args.ts';
import { fileErrorOf } from './read-file.ts';
import { VOICE_EXIT } from './voice-command-types.ts';
import { readVersion } from './version.ts';

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
        await (await import('./ask.ts')).runAsk(command, process.env, (text) => console.log(text));
        return 0;
      case 'connections':
        return await (await import('./connections-command.ts')).runConnections(command, process.env, {
          input: process.stdin,
          prompt: process.stderr,
          print: (text) => console.log(text),
          printError: (text) => console.error(text),
        });
      case 'changes':
        return await (await import('./changes-command.ts')).runChanges(command, process.env, {
          print: (text) => console.log(text),
          printError: (text) => console.error(text),
          fetch: globalThis.fetch,
        });
      case 'voice':
        return await (await import('./voice-command.ts')).runVoice(command, process.env, {
          print: (text) => console.log(text),
          printError: (text) => console.error(text),
          progress: (text) => process.stderr.write(text),
          sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          now: () => performance.now(),
          fetch: globalThis.fetch,
          stdin: process.stdin,
        });
      case 'mcp':
        await (await import('./mcp-command.ts')).runMcp(command, process.env);
        return 0;
      case 'serve': {
        const { runServe } = await import('./serve.ts');
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
