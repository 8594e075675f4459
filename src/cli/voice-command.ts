// `hearth voice`: run Home Assistant's Assist pipeline from text, a WAV file or the microphone, list pipelines, bench.

import { readFile, writeFile } from 'node:fs/promises';
import { chunkPcm, createSampleAligner, parseWav } from '../audio/index.ts';
import { HearthError, isHearthError } from '../common/index.ts';
import {
  type HomeAssistantConnection,
  listPipelines,
  type PipelineEvent,
  type PipelineRunResult,
  runPipeline,
} from '../homeassistant/index.ts';
import type { VoiceCommand } from './args.ts';
import { loadCommandConfig } from './command-config.ts';
import { runVoiceBench } from './voice-bench.ts';
import { openVoiceConnection } from './voice-connection.ts';
import type { VoiceIo } from './voice-io.ts';
import { startMicrophone } from './voice-microphone.ts';
import { stageTimings, type TimedEvent } from './voice-timings.ts';

/** The exit codes of the contract. */
export const VOICE_EXIT = { done: 0, usage: 1, pipelineError: 2, connection: 3 } as const;

/** Runs the command; resolves with its exit code. */
export async function runVoice(command: VoiceCommand, env: NodeJS.ProcessEnv, io: VoiceIo): Promise<number> {
  const { config } = loadCommandConfig(command, env);
  let opened: Awaited<ReturnType<typeof openVoiceConnection>>;
  try {
    opened = await openVoiceConnection(command.target, env, config);
  } catch (error) {
    if (isHearthError(error) && error.code === 'BAD_ARGUMENTS') throw error;
    io.printError(`hearth: ${error instanceof Error ? error.message : String(error)}`);
    return VOICE_EXIT.connection;
  }
  const { connection, address } = opened;
  try {
    switch (command.action) {
      case 'pipelines':
        return await printPipelines(connection, command.isJson, io);
      case 'bench':
        return await runVoiceBench({
          connection,
          file: command.file,
          pipeline: command.pipeline,
          isJson: command.isJson,
          io,
        });
      case 'run':
        return await runOnce(connection, address, command, io);
    }
  } catch (error) {
    if (!isHearthError(error) || error.code === 'BAD_ARGUMENTS') throw error;
    io.printError(`hearth: ${error.message}`);
    return VOICE_EXIT.connection;
  } finally {
    connection.close();
  }
}

async function printPipelines(connection: HomeAssistantConnection, isJson: boolean, io: VoiceIo): Promise<number> {
  const { pipelines, preferred } = await listPipelines(connection);
  if (isJson) io.print(JSON.stringify({ pipelines, preferred_pipeline: preferred }));
  for (const pipeline of isJson ? [] : pipelines)
    io.print(
      `${pipeline.id}\t${pipeline.name}\t${pipeline.language}${pipeline.id === preferred ? '\t(preferred)' : ''}`,
    );
  return VOICE_EXIT.done;
}

async function runOnce(
  connection: HomeAssistantConnection,
  address: string,
  command: Extract<VoiceCommand, { action: 'run' }>,
  io: VoiceIo,
): Promise<number> {
  const audio = 'wav' in command.input ? await readWav(command.input.wav) : undefined;
  const isText = 'text' in command.input;
  const sampleRate = audio?.sampleRate ?? ('rawPcm' in command.input ? command.input.rawPcm : 16_000);
  const events: TimedEvent[] = [];
  const started = io.now();
  const run = runPipeline(
    connection,
    {
      startStage: isText ? 'intent' : 'stt',
      endStage: command.endStage ?? (isText ? 'intent' : 'tts'),
      input: 'text' in command.input ? { text: command.input.text } : { sample_rate: sampleRate },
      ...(command.pipeline === undefined ? {} : { pipeline: command.pipeline }),
      ...(command.conversationId === undefined ? {} : { conversationId: command.conversationId }),
    },
    {
      onEvent: (event: PipelineEvent) => {
        events.push({ type: event.type, at: io.now() });
        io.print(command.isJson ? JSON.stringify(event) : describeEvent(event, io.now() - started));
      },
    },
  );
  if (audio !== undefined) void streamAudio(run, audio.pcm, sampleRate, io);
  const microphone = 'mic' in command.input ? startMicrophone(sampleRate, (chunk) => run.sendAudio(chunk)) : undefined;
  if ('rawPcm' in command.input) void streamStdin(run, io.stdin);
  const result = await run.done;
  microphone?.stop();
  return report(result, { address, command, events, io });
}

/** Sends the audio in 20 ms chunks at the pace it would be spoken, then the end-of-audio frame. */
async function streamAudio(
  run: ReturnType<typeof runPipeline>,
  pcm: Int16Array,
  sampleRate: number,
  io: VoiceIo,
): Promise<void> {
  const chunks = chunkPcm(pcm, sampleRate);
  for (const chunk of chunks) {
    run.sendAudio(chunk);
    await io.sleep(20);
  }
  run.endAudio();
}

/** Raw PCM from stdin, sent as it comes (whole samples only), then the end-of-audio frame at its end. */
async function streamStdin(run: ReturnType<typeof runPipeline>, stdin: AsyncIterable<Buffer>): Promise<void> {
  const aligned = createSampleAligner();
  for await (const data of stdin) {
    const samples = aligned(data);
    if (samples.length > 0) run.sendAudio(samples);
  }
  run.endAudio();
}

async function report(
  result: PipelineRunResult,
  context: { address: string; command: Extract<VoiceCommand, { action: 'run' }>; events: TimedEvent[]; io: VoiceIo },
): Promise<number> {
  const { io, command } = context;
  switch (result.kind) {
    case 'pipeline-error':
      // In --json mode an error event was printed as it came; a refused run has no event, so its code goes to stderr.
      io.printError(`hearth: the pipeline reported ${result.code}: ${result.message}`);
      return VOICE_EXIT.pipelineError;
    case 'connection-lost':
      io.printError(`hearth: ${result.reason}`);
      return VOICE_EXIT.connection;
    case 'ended-without-result':
      if (!command.isJson) io.print('The run ended without a result.');
      return VOICE_EXIT.done;
    case 'finished': {
      const ttsUrl = result.ttsUrl === undefined ? undefined : new URL(result.ttsUrl, context.address).href;
      if (!command.isJson) {
        const timings = Object.entries(stageTimings(context.events)).map(([stage, ms]) => `${stage} ${ms} ms`);
        if (result.sttText !== undefined) io.print(`heard: ${result.sttText}`);
        if (result.speech !== undefined) io.print(`answer: ${result.speech}`);
        if (ttsUrl !== undefined) io.print(`tts: ${ttsUrl}`);
        io.print(`timing: ${timings.join(', ')}`);
      }
      if (command.saveAudio !== undefined) await saveAudio(ttsUrl, command.saveAudio, io);
      return VOICE_EXIT.done;
    }
  }
}

async function saveAudio(url: string | undefined, file: string, io: VoiceIo): Promise<void> {
  if (url === undefined) throw new HearthError('invalid_request', 'NO_TTS', 'the run produced no speech to save');
  // TTS proxy URLs are signed by Home Assistant: no token is sent with them.
  const response = await io.fetch(url, { redirect: 'error' });
  if (!response.ok)
    throw new HearthError(
      'upstream_failure',
      'TTS_DOWNLOAD',
      `Home Assistant answered HTTP ${response.status} for ${url}`,
    );
  await writeFile(file, Buffer.from(await response.arrayBuffer()));
}

async function readWav(file: string): Promise<{ sampleRate: number; pcm: Int16Array }> {
  const parsed = parseWav(new Uint8Array(await readFile(file)));
  if (parsed.kind === 'refused') throw new HearthError('invalid_request', 'BAD_ARGUMENTS', `${file}: ${parsed.reason}`);
  return { sampleRate: parsed.sampleRate, pcm: parsed.pcm };
}

/** Where the detail of each kind of event is in its data (ha-apis.md §4.4). */
const DETAIL_PATHS: Readonly<Record<string, readonly string[][]>> = {
  'stt-end': [['stt_output', 'text']],
  'intent-end': [['intent_output', 'response', 'speech', 'plain', 'speech']],
  'tts-end': [['tts_output', 'url']],
  error: [['code'], ['message']],
};

/** One line of the human view: when, which event, and what it says that matters. */
function describeEvent(event: PipelineEvent, ms: number): string {
  const parts = (DETAIL_PATHS[event.type] ?? [])
    .map((path) => textAt(event.data, path))
    .filter((part) => part !== undefined);
  return `${String(Math.round(ms)).padStart(6)} ms  ${event.type}${parts.length === 0 ? '' : `  ${parts.join(': ')}`}`;
}

/** The text at `path` inside a JSON value, if there is text there. */
function textAt(value: unknown, path: readonly string[]): string | undefined {
  let here = value;
  for (const key of path)
    here = typeof here === 'object' && here !== null ? (here as Record<string, unknown>)[key] : undefined;
  return typeof here === 'string' ? here : undefined;
}
