// `hearth voice` end to end: the real program against the fake Home Assistant's pipeline, over a real WebSocket.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { writeWav } from '../../src/audio/index.ts';
import { REPO_ROOT } from '../fixtures/data.ts';
import {
  ADMIN_TOKEN,
  FAKE_TTS_AUDIO,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
  type FakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { hearthArgv } from './hearth-argv.ts';

const dir = mkdtempSync(join(tmpdir(), 'hearth-voice-'));
const config = join(dir, 'hearth.yaml');
writeFileSync(config, 'log:\n  level: info\n');
const outputs: string[] = [];

/** Runs `hearth voice ARGS` (see hearth-argv.ts; asynchronously: the fake runs in this process). */
async function voice(
  args: string[],
  env: Record<string, string> = { HASS_TOKEN: ADMIN_TOKEN },
  stdin: string | Buffer = '',
) {
  const argv = hearthArgv(['voice', ...args, '--config', config]);
  const child = spawn(process.execPath, argv, {
    cwd: REPO_ROOT,
    env: { ...process.env, OLLAMA_HOST: 'http://127.0.0.1:9', HEARTH__DATA_DIR: join(dir, 'data'), ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  outputs.push(stdout, stderr);
  return { code, stdout, stderr };
}

/**
 * `ms` of a 440 Hz tone (one second unless given) at 16 kHz, 16-bit mono. A WAV file is sent at the pace it would be
 * spoken, so its tests take 200 ms: ten 20 ms frames show the framing as well as fifty.
 */
function tone(sampleRate = 16_000, ms = 1000): Int16Array {
  return Int16Array.from({ length: (sampleRate * ms) / 1000 }, (_, i) =>
    Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)),
  );
}

describe('hearth voice', () => {
  let fake: FakeHomeAssistant;
  before(async () => {
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
  });
  after(() => fake.close());

  it('--text --json: each event exactly as Home Assistant sent it, one per line, and nothing else', async () => {
    const run = await voice(['--url', fake.rootUrl, '--text', 'turn on the kitchen light', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const events = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      events.map((event) => event.type),
      ['run-start', 'intent-start', 'intent-end', 'run-end'],
    );
    for (const event of events) assert.deepEqual(Object.keys(event).sort(), ['data', 'timestamp', 'type']);
    assert.equal(events[2].data.intent_output.response.speech.plain.speech, 'Turned on the light');
    assert.deepEqual(fake.log.pipelineRuns.at(-1)?.startStage, 'intent');
  });

  it('--text: the human view with the answer and each stage’s timing', async () => {
    const run = await voice(['--url', fake.rootUrl, '--text', 'turn on the kitchen light', '--end-stage', 'tts']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /answer: Turned on the light\n/);
    assert.match(run.stdout, new RegExp(`tts: ${fake.rootUrl}/api/tts_proxy/fake\\.mp3\\n`));
    assert.match(run.stdout, /timing: intent \d+ ms, tts \d+ ms, run \d+ ms\n/);
    const saved = join(dir, 'answer.mp3');
    const withAudio = await voice([
      '--url',
      fake.rootUrl,
      '--text',
      'turn on the kitchen light',
      '--end-stage',
      'tts',
      '--save-audio',
      saved,
    ]);
    assert.equal(withAudio.code, 0, withAudio.stderr);
    assert.equal(readFileSync(saved, 'utf8'), FAKE_TTS_AUDIO);
    const download = fake.log.requests.findLast((request) => request.path.startsWith('/api/tts_proxy/'));
    assert.equal(download?.headers.authorization, undefined);
  });

  it('--wav: streams 16-bit mono PCM in 20 ms frames behind the handler id, then the end frame, byte for byte', async () => {
    const pcm = tone(16_000, 200);
    const file = join(dir, 'tone.wav');
    writeFileSync(file, writeWav(pcm, 16_000));
    const before = fake.log.binaryFrames.length;
    const run = await voice(['--url', fake.rootUrl, '--wav', file]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /heard: turn on the kitchen light\n/);
    assert.match(run.stdout, /answer: Turned on the light\n/);
    const frames = fake.log.binaryFrames.slice(before);
    assert.ok(frames.every((frame) => frame.handlerId === 1));
    assert.deepEqual(
      frames.map((frame) => frame.bytes.length),
      [...Array.from({ length: 10 }, () => 640), 0],
    );
    const sent = Buffer.concat(frames.map((frame) => frame.bytes));
    assert.ok(sent.equals(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength)));
    assert.equal(fake.log.pipelineRuns.at(-1)?.startStage, 'stt');
    assert.deepEqual(fake.log.pipelineRuns.at(-1)?.input, { sample_rate: 16_000 });
  });

  it('--raw-pcm RATE: PCM from stdin is sent as it comes, then the end frame', async () => {
    const pcm = tone(8_000);
    const bytes = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
    const before = fake.log.binaryFrames.length;
    const run = await voice(
      ['--url', fake.rootUrl, '--raw-pcm', '8000', '--end-stage', 'intent'],
      { HASS_TOKEN: ADMIN_TOKEN },
      bytes,
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /answer: Turned on the light\n/);
    const frames = fake.log.binaryFrames.slice(before);
    assert.equal(frames.at(-1)?.bytes.length, 0);
    assert.ok(Buffer.concat(frames.map((frame) => frame.bytes)).equals(bytes));
    assert.deepEqual(fake.log.pipelineRuns.at(-1)?.input, { sample_rate: 8_000 });
  });

  it('a stereo 44.1 kHz WAV is sent as mono at its own rate; an 8-bit one is refused as bad usage', async () => {
    const left = tone(44_100, 200);
    const stereo = new Int16Array(left.length * 2);
    for (let i = 0; i < left.length; i++) stereo.set([left[i]!, left[i]!], i * 2);
    const wav = writeWav(stereo, 44_100);
    new DataView(wav.buffer).setUint16(22, 2, true);
    new DataView(wav.buffer).setUint32(28, 44_100 * 4, true);
    new DataView(wav.buffer).setUint16(32, 4, true);
    const file = join(dir, 'stereo.wav');
    writeFileSync(file, wav);
    const run = await voice(['--url', fake.rootUrl, '--wav', file, '--end-stage', 'stt', '--json']);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(fake.log.pipelineRuns.at(-1)?.input, { sample_rate: 44_100 });
    const bad = new Uint8Array(wav);
    new DataView(bad.buffer).setUint16(34, 8, true);
    writeFileSync(file, bad);
    const refused = await voice(['--url', fake.rootUrl, '--wav', file]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /stereo\.wav: .*8-bit/);
  });

  it('exit codes: 2 with the code for a pipeline error, 3 for a refused token, 1 for bad usage', async () => {
    const failing = await startFakeHomeAssistant({
      tokens: FIXTURE_TOKENS,
      assist: { intent: () => ({ pipelineError: 'intent-failed' }) },
    });
    try {
      const run = await voice(['--url', failing.rootUrl, '--text', 'hello', '--json']);
      assert.equal(run.code, 2);
      const types = run.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).type);
      assert.deepEqual(types, ['run-start', 'intent-start', 'error', 'run-end']);
      assert.match(run.stderr, /the pipeline reported intent-failed/);
    } finally {
      await failing.close();
    }
    const wrong = await voice(['--url', fake.rootUrl, '--text', 'hello'], { HASS_TOKEN: 'eyJ-not-a-token' });
    assert.equal(wrong.code, 3);
    assert.match(wrong.stderr, /token/i);
    assert.equal((await voice(['--url', fake.rootUrl], { HASS_TOKEN: ADMIN_TOKEN })).code, 1);
    assert.equal((await voice(['--url', fake.rootUrl, '--text', 'hi'], {})).code, 1);
  });

  it('pipelines, and the bench with per-stage timing and the answers', async () => {
    const listed = await voice(['pipelines', '--url', fake.rootUrl, '--json']);
    assert.equal(listed.code, 0, listed.stderr);
    assert.equal(JSON.parse(listed.stdout).pipelines.length, 1);
    const file = join(dir, 'sentences.txt');
    writeFileSync(file, 'turn on the kitchen light\n\n# a comment\nwhat time is it\n');
    const bench = await voice(['bench', file, '--url', fake.rootUrl]);
    assert.equal(bench.code, 0, bench.stderr);
    assert.match(bench.stdout, /^intent: median \d+ ms, p90 \d+ ms\nrun: median \d+ ms, p90 \d+ ms\n/);
    assert.match(
      bench.stdout,
      /turn on the kitchen light\t→ Turned on the light\nwhat time is it\t→ Turned on the light\n$/,
    );
    assert.match(bench.stderr, /\[#{30}\] 2\/2/);
  });

  it('--connection NAME uses a stored connection, and the token appears in no output', async () => {
    const add = spawn(
      process.execPath,
      hearthArgv(['connections', 'add', 'home', '--url', fake.rootUrl, '--config', config]),
      { cwd: REPO_ROOT, env: { ...process.env, HEARTH__DATA_DIR: join(dir, 'data') } },
    );
    add.stdin.end(`${ADMIN_TOKEN}\n`);
    assert.equal(await new Promise((resolve) => add.once('close', resolve)), 0);
    const run = await voice(['--connection', 'home', '--text', 'turn on the kitchen light'], {});
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /answer: Turned on the light/);
    assert.ok(!outputs.join('\n').includes(ADMIN_TOKEN));
    assert.ok(readFileSync(join(dir, 'data', 'hearth.db')).length > 0);
  });
});
