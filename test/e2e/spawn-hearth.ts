// Starts the real hearth program (`hearth serve`) as a child process on a free loopback port.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../fixtures/data.ts';
import { hearthArgv } from './hearth-argv.ts';

/** A running hearth process. */
export interface RunningHearth {
  /** e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Everything it printed on stdout (the banner). */
  stdout: () => string;
  /** Everything it logged on stderr. */
  stderr: () => string;
  stop(): Promise<void>;
}

/** Writes `configYaml` to a temp file and runs `hearth serve --port 0 --config FILE` (see hearth-argv.ts). */
export async function spawnHearth(configYaml: string, env: Record<string, string> = {}): Promise<RunningHearth> {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-e2e-'));
  const configPath = join(dir, 'hearth.yaml');
  writeFileSync(configPath, configYaml);
  const child = spawn(process.execPath, hearthArgv(['serve', '--port', '0', '--config', configPath]), {
    cwd: REPO_ROOT,
    // No Ollama is asked about unless a test names one: port 9 refuses at once, whatever runs on the machine.
    // The data folder is the test's own, never the user's.
    env: { ...process.env, OLLAMA_HOST: 'http://127.0.0.1:9', HEARTH__DATA_DIR: join(dir, 'data'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await waitForUrl(
    child,
    () => stdout,
    () => stderr,
  );
  return {
    url,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: () =>
      new Promise((resolve) => {
        // Gone already: exited, or killed by a signal (a process that kills itself has a signal code, no exit code).
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function waitForUrl(child: ChildProcess, stdout: () => string, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`hearth did not start in 20 s:\n${stdout()}\n${stderr()}`)),
      20_000,
    );
    const check = () => {
      const match = /listening on (http:\/\/[^\s]+)/.exec(stdout());
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`hearth exited with ${code}:\n${stdout()}\n${stderr()}`));
    });
  });
}

/** What a hearth command printed and how it ended. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `hearth ARGS` (see hearth-argv.ts) with `env` added, `stdin` as its input, and waits for it to end. */
export function runHearthCommand(args: string[], env: Record<string, string>, stdin = ''): Promise<CommandRun> {
  const child = spawn(process.execPath, hearthArgv([...args]), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
