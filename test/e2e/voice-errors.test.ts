// `hearth voice` when something goes wrong (issue 26): each failure one line on stderr, its exit code, no stack trace.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { writeWav } from '../../src/audio/index.ts';
import { parseCommand } from '../../src/cli/args.ts';
import { VOICE_EXIT, runVoice } from '../../src/cli/voice-command.ts';
import { VOICE_KEEPALIVE } from '../../src/cli/voice-connection.ts';
import { DEFAULT_WATCHDOG_MARGIN_MS, type KeepaliveOptions } from '../../src/homeassistant/index.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  startFakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import type { AssistScript } from '../fakes/home-assistant/assist-script.ts';
import { REPO_ROOT } from '../fixtures/data.ts';
import { hearthArgv } from './hearth-argv.ts';

const dir = mkdtempSync(join(tmpdir(), 'hearth-voice-errors-'));
const config = join(dir, 'hearth.yaml');
writeFileSync(config, 'log:\n  level: info\n');
const ENV = { HASS_TOKEN: ADMIN_TOKEN, HEARTH__DATA_DIR: join(dir, 'data') };
/** A port nothing listens on: Home Assistant is down. */
const DOWN = 'http://127.0.0.1:9';

/** `hearth voice ARGS` as a process (see hearth-argv.ts): its exit code and its whole stdout and stderr. */
async function spawnVoice(args: string[], env: Record<string, string> = {}) {
  const argv = hearthArgv(['voice', ...args, '--config', config]);
  const child = spawn(process.execPath, argv, { cwd: REPO_ROOT, env: { ...process.env, ...ENV, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stdout, stderr };
}

/** `hearth voice ARGS` in this process (the same parse and command), with a keepalive tests may shorten. */
async function runInProcess(args: string[], keepalive?: KeepaliveOptions, env: NodeJS.ProcessEnv = ENV) {
  const command = parseCommand(['voice', ...args, '--config', config]);
  assert.equal(command.kind, 'voice');
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runVoice(command, env, {
    print: (text) => stdout.push(text),
    printError: (text) => stderr.push(text),
    progress: () => {},
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => performance.now(),
    fetch: globalThis.fetch,
    stdin: (async function* () {})(),
    ...(keepalive === undefined ? {} : { keepalive }),
  });
  return { code, stdout: stdout.join('\n'), stderr: stderr.map((line) => `${line}\n`).join('') };
}

/** Exactly one line on stderr, matching `pattern`: no stack trace, no usage dump. */
function assertOneLine(stderr: string, pattern: RegExp): void {
  const lines = stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line expected:\n${stderr}`);
  assert.match(lines[0]!, pattern);
  assert.doesNotMatch(stderr, /^\s+at /m);
}

/** The address of a loopback port that was free a moment ago (fetch refuses port 9 itself, as a "bad port"). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
}

async function fakeWith(assist: AssistScript): Promise<FakeHomeAssistant> {
  const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, assist });
  after(() => fake.close());
  return fake;
}

describe('hearth voice: bad usage is one line and exit 1, before any connection', () => {
  let fake: FakeHomeAssistant;
  before(async () => {
    fake = await fakeWith({});
  });

  it('a missing WAV, an 8-bit WAV, --raw-pcm 0 and --mic without arecord or sox (also with Home Assistant down)', async () => {
    const eightBit = writeWav(new Int16Array(160), 16_000);
    new DataView(eightBit.buffer).setUint16(34, 8, true);
    const badWav = join(dir, 'eight-bit.wav');
    writeFileSync(badWav, eightBit);
    const missing = join(dir, 'missing.wav');
    const emptyPath = mkdtempSync(join(tmpdir(), 'hearth-no-recorder-'));
    const runs = await Promise.all([
      spawnVoice(['--url', fake.rootUrl, '--wav', missing]),
      spawnVoice(['--url', DOWN, '--wav', missing]),
      spawnVoice(['--url', fake.rootUrl, '--wav', badWav]),
      spawnVoice(['--url', fake.rootUrl, '--raw-pcm', '0']),
      spawnVoice(['--url', fake.rootUrl, '--mic'], { PATH: emptyPath }),
    ]);
    const expected = [
      /^hearth: cannot read .*missing\.wav: there is no such file\.$/,
      /^hearth: cannot read .*missing\.wav: there is no such file\.$/,
      /^hearth: .*eight-bit\.wav: the WAV file holds 8-bit PCM; only 16-bit PCM is read\.$/,
      /^hearth: --raw-pcm takes the sample rate .* from 8000 to 48000, e\.g\. 16000\.$/,
      /^hearth: --mic needs arecord \(alsa-utils\) or sox installed\.$/,
    ];
    for (const [index, run] of runs.entries()) {
      assert.equal(run.code, VOICE_EXIT.usage, run.stderr);
      assertOneLine(run.stderr, expected[index]!);
      assert.equal(run.stdout, '');
    }
    assert.equal(fake.log.ws.length, 0, 'no connection was opened');
  });

  it('out-of-range values of the new flags, a --save-audio folder that does not exist, no token, an unknown connection', async () => {
    const rows: [string[], RegExp][] = [
      [['--text', 'hi', '--timeout', '0'], /^hearth: --timeout takes a number above 0\.$/],
      [
        ['--wav', 'x.wav', '--start-stage', 'wake_word', '--noise-suppression', '5'],
        /--noise-suppression takes a whole number from 0 to 4/,
      ],
      [
        ['--wav', 'x.wav', '--start-stage', 'wake_word', '--auto-gain', '1.5'],
        /--auto-gain takes a whole number from 0 to 31/,
      ],
      [
        ['--wav', 'x.wav', '--start-stage', 'wake_word', '--volume-multiplier', 'loud'],
        /--volume-multiplier takes a number above 0/,
      ],
      [
        ['--text', 'hi', '--end-stage', 'tts', '--save-audio', join(dir, 'nope', 'a.mp3')],
        /the folder .*nope does not exist/,
      ],
    ];
    for (const [args, pattern] of rows) {
      const run = await runInProcess(['--url', fake.rootUrl, ...args]);
      assert.equal(run.code, VOICE_EXIT.usage, args.join(' '));
      assertOneLine(run.stderr, pattern);
    }
    const noToken = await runInProcess(['--url', fake.rootUrl, '--text', 'hi'], undefined, {
      HEARTH__DATA_DIR: ENV.HEARTH__DATA_DIR,
    });
    assert.equal(noToken.code, VOICE_EXIT.usage);
    assertOneLine(noToken.stderr, /^hearth: hearth voice --url needs the token in HASS_TOKEN\.$/);
    const noBench = await runInProcess(['bench', join(dir, 'none.txt'), '--url', fake.rootUrl]);
    assert.equal(noBench.code, VOICE_EXIT.usage);
    assertOneLine(noBench.stderr, /^hearth: cannot read .*none\.txt: there is no such file\.$/);
    const unknown = await runInProcess(['--connection', 'nowhere', '--text', 'hi']);
    assert.equal(unknown.code, VOICE_EXIT.usage);
    assertOneLine(unknown.stderr, /^hearth: there is no connection named nowhere$/);
    assert.equal(fake.log.ws.length, 0, 'no connection was opened');
  });
});

describe('hearth voice --save-audio: a failed download or no speech is one line naming the cause, exit 2', () => {
  let downloads: Server;
  let base = '';
  before(async () => {
    downloads = createServer((request, response) => {
      if (request.url === '/redirect.mp3') response.writeHead(302, { location: '/elsewhere.mp3' }).end();
      else if (request.url === '/reset.mp3') request.socket.destroy();
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => downloads.listen(0, '127.0.0.1', resolve));
    const address = downloads.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  });
  after(() => downloads.close());

  const TTS_RUN = ['--text', 'turn on the kitchen light', '--end-stage', 'tts'];

  it('a redirect, a refused connection, a reset and a 404: each named, never the connection code', async () => {
    const refused = await closedPortUrl();
    const rows: [string, RegExp][] = [
      [
        `${base}/redirect.mp3`,
        /Home Assistant answered the download of .*\/redirect\.mp3 with a redirect to \/elsewhere\.mp3; it is not followed$/,
      ],
      [
        `${refused}/refused.mp3`,
        /the download of http:\/\/127\.0\.0\.1:\d+\/refused\.mp3 failed: the connection was refused$/,
      ],
      [`${base}/reset.mp3`, /the download of .*\/reset\.mp3 failed: the connection was reset$/],
      [`${base}/missing.mp3`, /Home Assistant answered HTTP 404 to the download of .*\/missing\.mp3$/],
    ];
    for (const [url, pattern] of rows) {
      const fake = await fakeWith({ tts: { url } });
      const file = join(dir, 'answer.mp3');
      const run = await runInProcess(['--url', fake.rootUrl, ...TTS_RUN, '--save-audio', file]);
      assert.equal(run.code, VOICE_EXIT.noResult, run.stderr);
      assertOneLine(run.stderr, new RegExp(`^hearth: nothing saved to .*answer\\.mp3: ${pattern.source}`));
      assert.match(run.stdout, /answer: Turned on the light/);
      assert.equal(existsSync(file), false);
    }
  });

  it('as a process too: a 404 is one line and exit 2', async () => {
    const fake = await fakeWith({ tts: { url: `${base}/missing.mp3` } });
    const run = await spawnVoice(['--url', fake.rootUrl, ...TTS_RUN, '--save-audio', join(dir, 'a.mp3')]);
    assert.equal(run.code, VOICE_EXIT.noResult);
    assertOneLine(run.stderr, /^hearth: nothing saved to .*a\.mp3: Home Assistant answered HTTP 404 to the download/);
  });

  it('an answer with no spoken text: the answer is printed, nothing saved, exit 2', async () => {
    const fake = await fakeWith({ intent: () => ({ speech: '  \n' }) });
    const run = await runInProcess(['--url', fake.rootUrl, ...TTS_RUN, '--save-audio', join(dir, 'b.mp3')]);
    assert.equal(run.code, VOICE_EXIT.noResult);
    assertOneLine(run.stderr, /^hearth: nothing saved to .*b\.mp3: the answer has no spoken text$/);
    assert.match(run.stdout, /tts: none/);
  });
});

describe('hearth voice: a Home Assistant that stops answering', () => {
  it('is noticed by the keepalive and reported as such (exit 3), not as its own timeout', async () => {
    const fake = await fakeWith({ silentAt: 'intent' });
    const started = performance.now();
    const run = await runInProcess(['--url', fake.rootUrl, '--text', 'turn on the kitchen light'], {
      intervalMs: 50,
      timeoutMs: 100,
    });
    assert.equal(run.code, VOICE_EXIT.connection);
    assertOneLine(run.stderr, /^hearth: Home Assistant stopped answering \(no pong within 0\.1 s\)$/);
    assert.ok(performance.now() - started < 5000);
  });

  it('by default within about 15 s: a ping every 10 s, 5 s for its pong; the run itself is given 10 s past its timeout', async () => {
    assert.deepEqual(VOICE_KEEPALIVE, { intervalMs: 10_000, timeoutMs: 5_000 });
    assert.ok(VOICE_KEEPALIVE.intervalMs + VOICE_KEEPALIVE.timeoutMs <= 15_000);
    assert.equal(DEFAULT_WATCHDOG_MARGIN_MS, 10_000);
  });

  it('--timeout SECONDS is the run timeout sent to Home Assistant; without it none is sent (its default, 300 s)', async () => {
    const fake = await fakeWith({});
    assert.equal((await runInProcess(['--url', fake.rootUrl, '--text', 'hi', '--timeout', '30'])).code, 0);
    assert.equal((await runInProcess(['--url', fake.rootUrl, '--text', 'hi'])).code, 0);
    const sent = fake.log.ws.filter(
      (frame) => frame.direction === 'in' && String(frame.data).includes('assist_pipeline/run'),
    );
    assert.match(String(sent[0]?.data), /"timeout":30[,}]/);
    assert.doesNotMatch(String(sent[1]?.data), /"timeout"/);
  });

  it("Home Assistant's own timeout is still its own: exit 2 with its code", async () => {
    const fake = await fakeWith({ hangAt: 'intent' });
    const run = await runInProcess(['--url', fake.rootUrl, '--text', 'hi', '--timeout', '0.2']);
    assert.equal(run.code, VOICE_EXIT.noResult);
    assertOneLine(run.stderr, /^hearth: the pipeline reported timeout: Timeout running pipeline$/);
  });
});
