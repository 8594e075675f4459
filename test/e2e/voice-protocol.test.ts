// `hearth voice` and the pipeline protocol (issue 26): every flag on the wire, audio that stops when HA stops listening,
// and a human view that shows what a run found.

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { writeWav } from '../../src/audio/index.ts';
import { parseCommand } from '../../src/cli/args.ts';
import { VOICE_EXIT, runVoice } from '../../src/cli/voice-command.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  startFakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import type { AssistScript } from '../fakes/home-assistant/assist-script.ts';

const dir = mkdtempSync(join(tmpdir(), 'hearth-voice-protocol-'));
const config = join(dir, 'hearth.yaml');
writeFileSync(config, 'log:\n  level: info\n');
const ENV = { HASS_TOKEN: ADMIN_TOKEN, HEARTH__DATA_DIR: join(dir, 'data') };

/** `hearth voice ARGS` in this process (the same parse and command as the program), its output and exit code. */
async function voice(args: string[]) {
  const command = parseCommand(['voice', ...args, '--config', config]);
  assert.equal(command.kind, 'voice');
  const stdout: string[] = [];
  const stderr: string[] = [];
  let sleeps = 0;
  const code = await runVoice(command, ENV, {
    print: (text) => stdout.push(text),
    printError: (text) => stderr.push(text),
    progress: () => {},
    // Counted: the WAV streamer sleeps once per 20 ms frame it sends.
    sleep: (ms) => {
      sleeps++;
      return new Promise((resolve) => setTimeout(resolve, ms));
    },
    now: () => performance.now(),
    fetch: globalThis.fetch,
    stdin: (async function* () {})(),
  });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n'), sleeps: () => sleeps };
}

/** Whether the streamer has stopped: no frame paced for a while after the command returned. */
async function hasStoppedStreaming(run: { sleeps: () => number }): Promise<boolean> {
  const before = run.sleeps();
  await new Promise((resolve) => setTimeout(resolve, 150));
  return run.sleeps() === before;
}

async function fakeWith(assist: AssistScript = {}): Promise<FakeHomeAssistant> {
  const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, assist });
  after(() => fake.close());
  return fake;
}

/** The text of the last `assist_pipeline/run` frame the fake received, exactly as sent. */
function lastRunFrame(fake: FakeHomeAssistant): string {
  const frames = fake.log.ws.filter((frame) => frame.direction === 'in' && typeof frame.data === 'string');
  return String(frames.findLast((frame) => String(frame.data).includes('"assist_pipeline/run"'))?.data);
}

/** A WAV of `seconds` of a 440 Hz tone at 16 kHz. */
function toneWav(name: string, seconds: number): string {
  const pcm = Int16Array.from({ length: 16_000 * seconds }, (_, i) =>
    Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16_000)),
  );
  const file = join(dir, name);
  writeFileSync(file, writeWav(pcm, 16_000));
  return file;
}

describe('hearth voice: the protocol the command reaches', () => {
  it('--start-stage wake_word with --device-id, --noise-suppression, --auto-gain and --volume-multiplier 2 sent as 2.0', async () => {
    const fake = await fakeWith();
    const wav = toneWav('wake.wav', 1);
    const args = ['--start-stage', 'wake_word', '--device-id', 'dev1', '--noise-suppression', '2', '--auto-gain', '10'];
    const run = await voice(['--url', fake.rootUrl, '--wav', wav, ...args, '--volume-multiplier', '2']);
    assert.equal(run.code, VOICE_EXIT.done, run.stderr);
    assert.match(run.stdout, /wake_word-start/);
    assert.match(
      lastRunFrame(fake),
      /^\{"type":"assist_pipeline\/run","start_stage":"wake_word","end_stage":"tts","input":\{"sample_rate":16000,"noise_suppression_level":2,"auto_gain_dbfs":10,"volume_multiplier":2\.0\},"device_id":"dev1","id":\d+\}$/,
    );
  });

  it('--start-stage stt with --wake-word-phrase; --text with --start-stage tts speaks the text', async () => {
    const fake = await fakeWith();
    const wav = toneWav('phrase.wav', 1);
    const heard = await voice([
      '--url',
      fake.rootUrl,
      '--wav',
      wav,
      '--wake-word-phrase',
      'okay nabu',
      '--end-stage',
      'stt',
    ]);
    assert.equal(heard.code, VOICE_EXIT.done, heard.stderr);
    assert.deepEqual(fake.log.pipelineRuns.at(-1)?.input, { sample_rate: 16_000, wake_word_phrase: 'okay nabu' });
    const spoken = await voice(['--url', fake.rootUrl, '--text', 'Hello there', '--start-stage', 'tts']);
    assert.equal(spoken.code, VOICE_EXIT.done, spoken.stderr);
    assert.match(spoken.stdout, /tts: http:\/\/127\.0\.0\.1:\d+\/api\/tts_proxy\/fake\.mp3/);
    assert.deepEqual(
      [fake.log.pipelineRuns.at(-1)?.startStage, fake.log.pipelineRuns.at(-1)?.endStage],
      ['tts', 'tts'],
    );
  });

  it('refuses flags that do not fit the start stage, as bad usage', () => {
    const refusals: [string[], RegExp][] = [
      [['--text', 'hi', '--start-stage', 'stt'], /--text starts at intent or tts/],
      [['--mic', '--start-stage', 'intent'], /audio starts at wake_word or stt/],
      [['--mic', '--volume-multiplier', '2'], /--volume-multiplier is part of a run that starts at wake_word/],
      [
        ['--mic', '--start-stage', 'wake_word', '--wake-word-phrase', 'x'],
        /--wake-word-phrase is part of a run that starts at stt/,
      ],
      [['--text', 'hi', '--start-stage', 'tts', '--end-stage', 'intent'], /--end-stage intent comes before it/],
    ];
    for (const [args, message] of refusals)
      assert.throws(() => parseCommand(['voice', '--url', 'http://x', ...args]), message);
  });
});

describe('hearth voice: audio stops when Home Assistant stops listening', () => {
  it('a 5 s WAV whose speech ends after 0.2 s: streaming stops at stt-vad-end, and the command does not wait', async () => {
    // 20 ms frames of 640 bytes: speech after 3 frames, its end after 10.
    const fake = await fakeWith({ stt: { vad: { speechAfterBytes: 640 * 3, silenceAfterBytes: 640 * 10 } } });
    const started = performance.now();
    const run = await voice(['--url', fake.rootUrl, '--wav', toneWav('long.wav', 5), '--end-stage', 'stt']);
    assert.equal(run.code, VOICE_EXIT.done, run.stderr);
    assert.match(run.stdout, /stt-vad-end/);
    assert.ok(fake.log.binaryFrames.length <= 12, `${fake.log.binaryFrames.length} frames sent`);
    assert.ok(
      fake.log.binaryFrames.every((frame) => frame.bytes.length > 0),
      'no end frame after Home Assistant stopped',
    );
    assert.ok(performance.now() - started < 3000, 'the command ended without sending the 5 s file');
    assert.ok(await hasStoppedStreaming(run), 'the rest of the file is not streamed');
  });

  it('a run that ends early (its timeout: run-end, then error) stops the streaming of a long WAV', async () => {
    const fake = await fakeWith({ hangAt: 'stt' });
    const started = performance.now();
    const run = await voice(['--url', fake.rootUrl, '--wav', toneWav('timed-out.wav', 5), '--timeout', '0.3']);
    assert.equal(run.code, VOICE_EXIT.noResult);
    assert.match(run.stderr, /^hearth: the pipeline reported timeout: Timeout running pipeline$/);
    assert.ok(performance.now() - started < 3000, 'the command ended without sending the 5 s file');
    // About 0.3 s of 20 ms frames; the 5 s file is 250.
    assert.ok(fake.log.binaryFrames.length < 100, `${fake.log.binaryFrames.length} frames sent`);
    assert.ok(await hasStoppedStreaming(run), 'the rest of the file is not streamed');
  });
});

describe('hearth voice: the human view', () => {
  it('shows conversation_id, continue_conversation, processed_locally, and intent-progress text as it streams', async () => {
    const progress = [{ role: 'assistant', agent_id: 'conversation.llm' }, { content: 'Turning' }, { content: ' on.' }];
    const fake = await fakeWith({
      intent: () => ({
        speech: 'Turning on. Which room?',
        continueConversation: true,
        processedLocally: false,
        progress,
      }),
    });
    const run = await voice(['--url', fake.rootUrl, '--text', 'turn on the light']);
    assert.equal(run.code, VOICE_EXIT.done, run.stderr);
    const lines = run.stdout.split('\n');
    const progressLines = lines.filter((line) => line.includes('intent-progress'));
    assert.deepEqual(
      progressLines.map((line) => line.replace(/^\s*\d+ ms {2}/, '')),
      ['intent-progress  role assistant', 'intent-progress  "Turning"', 'intent-progress  " on."'],
    );
    assert.ok(lines.indexOf(progressLines[0]!) < lines.findIndex((line) => line.includes('intent-end')));
    const conversationId = /\nconversation_id: (\S+)\n/.exec(run.stdout)?.[1];
    assert.ok(conversationId !== undefined && conversationId.length > 0, run.stdout);
    assert.match(run.stdout, /\ncontinue_conversation: yes \(the agent expects an answer\)\n/);
    assert.match(run.stdout, /\nprocessed_locally: no\n/);
    const next = await voice(['--url', fake.rootUrl, '--text', 'kitchen', '--conversation-id', conversationId]);
    assert.equal(next.code, VOICE_EXIT.done);
    assert.equal(fake.log.pipelineRuns.at(-1)?.conversationId, conversationId);
  });

  it("marks an agent's error answer (response_type error) with its code; the run still finished, exit 0", async () => {
    const fake = await fakeWith({
      intent: () => ({ agentError: 'no_intent_match', speech: "Sorry, I couldn't understand that" }),
    });
    const run = await voice(['--url', fake.rootUrl, '--text', 'blorp']);
    assert.equal(run.code, VOICE_EXIT.done);
    assert.match(run.stdout, /\nanswer \(response_type error: no_intent_match\): Sorry, I couldn't understand that\n/);
    assert.match(run.stdout, /\nprocessed_locally: yes\n/);
  });

  it('a whitespace-only or an SSML-only answer: Home Assistant speaks nothing, the answer is printed, exit 0', async () => {
    for (const [intent, shown] of [
      [{ speech: ' \n\t' }, 'answer:  \n\t'],
      [{ speech: '<speak>Done</speak>', ssmlOnly: true }, 'answer: <speak>Done</speak>'],
    ] as const) {
      const fake = await fakeWith({ intent: () => intent });
      const run = await voice(['--url', fake.rootUrl, '--text', 'hi', '--end-stage', 'tts']);
      assert.equal(run.code, VOICE_EXIT.done, run.stderr);
      assert.ok(run.stdout.includes(`\n${shown}\n`), run.stdout);
      assert.match(run.stdout, /\ntts: none \(Home Assistant speaks no answer whose plain text is empty\)\n/);
      assert.doesNotMatch(run.stdout, /ended without a result|tts-start/);
    }
  });
});
