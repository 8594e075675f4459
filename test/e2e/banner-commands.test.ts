// Issue 26 through the real program: on a default start (no configuration, no model, an empty home folder) every
// command the banner prints answers as printed, and a bare sentence to HA-Assist is a 400 saying what it needs.

import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EXAMPLE_ANSWER } from '../../src/cli/banner.ts';
import { REPO_ROOT } from '../fixtures/data.ts';
import { hearthArgv } from './hearth-argv.ts';

/** The 400 of a bare sentence with no model, on every API. */
const NOT_FROM_HOME_ASSISTANT =
  'HA-Assist answers requests from Home Assistant without a model (their system prompt holds the home, and they offer ' +
  'its tools); this one has no system prompt, tools or ha_context, and settings.ha_assist_text_model names no model ' +
  "to answer it instead. Send one from Home Assistant's conversation agent, try a sentence with " +
  '`npx hearth ask "turn on the kitchen light"`, or use the page\'s playground.';

/** A command the banner prints, with the comment line above it (what it promises), if any. */
interface PrintedCommand {
  promise: string;
  command: string;
}

/** The `try:` section's commands: continuation lines joined, `#` lines kept as the next command's promise. */
function printedCommands(banner: string): PrintedCommand[] {
  const lines = banner.split('\n');
  const commands: PrintedCommand[] = [];
  let promise = '';
  for (let i = lines.indexOf('try:') + 1; i > 0 && i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('  ')) break;
    if (line.startsWith('  #')) promise = line.slice(3).trim();
    if (line.startsWith('  #') || !/^ {2}\S/.test(line)) continue;
    let command = line.trim();
    while (command.endsWith('\\')) command = `${command.slice(0, -1)}${lines[++i]!.trim()}`;
    commands.push({ promise, command });
    promise = '';
  }
  return commands;
}

/** What a command printed and how it ended. */
interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` in a shell as a person would, with `npx hearth` running the sources; resolves when it ends. */
function runInShell(command: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  const child = spawn('/bin/sh', ['-c', command], { cwd: REPO_ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** A curl run's body and status (the status is written last by the test's `.curlrc`). */
function curlAnswer(ran: Ran): { status: number; body: unknown } {
  const match = /\n(\d{3})\n$/.exec(ran.stdout);
  assert.ok(match, `no status in ${JSON.stringify(ran.stdout)}`);
  return { status: Number(match[1]), body: JSON.parse(ran.stdout.slice(0, match.index)) };
}

/** Whether curl is installed: when it is not, a stand-in with fetch takes the same arguments. */
function hasCurl(): boolean {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The stand-in: the flags the banner uses (-s, -H, -d) and the test's status line, with fetch. */
const CURL_STAND_IN = `#!/usr/bin/env node
const args = process.argv.slice(2);
const headers = {};
let body;
let url;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '-s') continue;
  else if (args[i] === '-H') { const [k, ...v] = args[++i].split(':'); headers[k.trim()] = v.join(':').trim(); }
  else if (args[i] === '-d') body = args[++i];
  else if (args[i].startsWith('-')) { console.error('unknown flag ' + args[i]); process.exit(2); }
  else url = args[i];
}
const response = await fetch(url, { method: body === undefined ? 'GET' : 'POST', headers, body });
process.stdout.write(await response.text() + '\\n' + response.status + '\\n');
`;

describe('a default start: the banner’s commands answer as printed', () => {
  let dir: string;
  let child: ChildProcess;
  let banner = '';
  let url = '';
  let env: NodeJS.ProcessEnv;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-banner-'));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    // `npx hearth` runs hearth as every test does (its build when fresh, else the sources); curl writes the status last.
    writeFileSync(
      join(bin, 'npx'),
      `#!/bin/sh\n[ "$1" = hearth ] || exit 127\nshift\nexec "${process.execPath}" ${hearthArgv([])
        .map((arg) => `"${arg}"`)
        .join(' ')} "$@"\n`,
    );
    chmodSync(join(bin, 'npx'), 0o755);
    if (!hasCurl()) {
      writeFileSync(join(bin, 'curl'), CURL_STAND_IN);
      chmodSync(join(bin, 'curl'), 0o755);
    }
    writeFileSync(join(dir, '.curlrc'), 'write-out = "\\n%{http_code}\\n"\n');
    // The user's own settings never reach it: an empty home, no configuration, and no Ollama (port 9 refuses).
    const inherited = Object.entries(process.env).filter(([key]) => !/^(HEARTH|XDG_|OLLAMA|CURL_HOME)/.test(key));
    env = {
      ...Object.fromEntries(inherited),
      HOME: dir,
      CURL_HOME: dir,
      OLLAMA_HOST: 'http://127.0.0.1:9',
      PATH: `${bin}:${process.env.PATH ?? ''}`,
    };
    child = spawn(process.execPath, hearthArgv(['serve', '--port', '0']), {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    ({ banner, url } = await bannerOf(child));
  });

  after(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the models list, a chat request HA-Assist answers, and a sentence for hearth ask', () => {
    const commands = printedCommands(banner).map((printed) => printed.command.split(' ').slice(0, 3).join(' '));
    assert.deepEqual(commands, [`curl -s ${url}/v1/models`, `curl -s ${url}/v1/chat/completions`, 'npx hearth ask']);
  });

  it('runs every printed command: each ends well and answers what its line promises', async () => {
    for (const { promise, command } of printedCommands(banner)) {
      const ran = await runInShell(command, env);
      assert.equal(ran.code, 0, `${command}\n${ran.stderr}`);
      if (command.startsWith('npx hearth ask')) {
        assert.match(promise, /offline, against a demo home/);
        assert.match(ran.stdout, /^route {4}direct, no model call/m, ran.stdout);
        assert.match(ran.stdout, /^call {5}HassTurnOn \{"name":"Kitchen Light","domain":\["light"\]\}/m, ran.stdout);
        continue;
      }
      const { status, body } = curlAnswer(ran);
      assert.equal(status, 200, `${command}\n${JSON.stringify(body)}`);
      if (command.includes('/v1/models')) {
        const ids = (body as { data: { id: string }[] }).data.map((model) => model.id);
        assert.deepEqual(ids, ['HA-Assist']);
        continue;
      }
      assert.equal(promise.match(/answers "([^"]+)"/)?.[1], EXAMPLE_ANSWER);
      const reply = body as { choices: { message: { content: string } }[]; metrics: { ha_route: unknown } };
      assert.equal(reply.choices[0]!.message.content, EXAMPLE_ANSWER);
      assert.deepEqual(reply.metrics.ha_route, {
        ...(reply.metrics.ha_route as object),
        route: 'direct',
        inference_calls: 0,
      });
    }
  });

  it('says a bare sentence needs Home Assistant’s context: 400 on each API, in its own error shape', async () => {
    const sentence = 'turn on the kitchen light';
    const messages = [{ role: 'user', content: sentence }];
    const openAi = {
      error: {
        message: NOT_FROM_HOME_ASSISTANT,
        type: 'invalid_request_error',
        param: 'messages',
        code: 'no_home_assistant_context',
      },
    };
    const ollama = { error: NOT_FROM_HOME_ASSISTANT };
    // The Responses API carries the conversation in `input`: the error names that field.
    const responses = { error: { ...openAi.error, param: 'input' } };
    const requests: [string, object, object][] = [
      ['/v1/chat/completions', { model: 'HA-Assist', messages }, openAi],
      ['/v1/chat/completions', { model: 'HA-Assist', messages, stream: true }, openAi],
      ['/v1/responses', { model: 'HA-Assist', input: sentence }, responses],
      ['/v1/responses', { model: 'HA-Assist', input: sentence, stream: true }, responses],
      ['/api/chat', { model: 'HA-Assist', messages }, ollama],
      ['/api/chat', { model: 'HA-Assist', messages, stream: false }, ollama],
    ];
    for (const [path, request, expected] of requests) {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      const where = `${path} ${JSON.stringify(request)}`;
      assert.equal(response.status, 400, where);
      assert.deepEqual(await response.json(), expected, where);
    }
  });

  it('with any system prompt (Home Assistant always sends one) it is still the 503 naming the setting', async () => {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'HA-Assist',
        messages: [
          { role: 'system', content: 'You are a voice assistant for Home Assistant.' },
          { role: 'user', content: 'What is the capital of France?' },
        ],
      }),
    });
    assert.equal(response.status, 503);
    const { error } = (await response.json()) as { error: { code: string; param: string } };
    assert.deepEqual([error.code, error.param], ['backend_not_configured', 'settings.ha_assist_text_model']);
  });
});

/** The banner of a starting `hearth serve` (one write, which starts with its address) and that address. */
function bannerOf(child: ChildProcess): Promise<{ banner: string; url: string }> {
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`hearth did not start in 20 s:\n${stdout}\n${stderr}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match === null || !stdout.includes('try:')) return;
      clearTimeout(timer);
      resolve({ banner: stdout, url: match[1]! });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`hearth exited with ${code}:\n${stdout}\n${stderr}`));
    });
  });
}
