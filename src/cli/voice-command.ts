// `hearth voice`: run Home Assistant's Assist pipeline from text, a WAV file or the microphone, list pipelines, bench.

import { isHearthError } from '../common/index.ts';
import type { PipelineRunResult } from '../homeassistant/index.ts';
import {
  type PlannedRun,
  planRun,
  printPipelines,
  readBenchSentences,
  runVoiceBench,
  runVoicePlan,
  saveSpeech,
  stageTimings,
  type TimedEvent,
} from '../services/index.ts';
import type { VoiceCommand, VoiceRun } from './voice-args.ts';
import { loadCommandConfig } from './command-config.ts';
import { openVoiceConnection, type VoiceConnection } from './voice-connection.ts';
import type { VoiceIo } from './voice-io.ts';
import { describeEvent, describeFinished } from './voice-view.ts';
import { VOICE_EXIT } from './voice-command-types.ts';

export { VOICE_EXIT } from './voice-command-types.ts';

/** Runs the command; resolves with its exit code. Every failure it knows is one line on stderr. */
export async function runVoice(command: VoiceCommand, env: NodeJS.ProcessEnv, io: VoiceIo): Promise<number> {
  const { config } = loadCommandConfig(command, env);
  // Everything the command line can get wrong is found before connecting.
  const plan = command.action === 'run' ? await planRun(command, command.pipeline) : undefined;
  const bench = command.action === 'bench' ? await readBenchSentences(command.file) : undefined;
  const usage = plan?.ok === false ? plan.usage : bench !== undefined && 'usage' in bench ? bench.usage : undefined;
  if (usage !== undefined) {
    io.printError(`hearth: ${usage}`);
    return VOICE_EXIT.usage;
  }
  let opened: Awaited<ReturnType<typeof openVoiceConnection>>;
  try {
    opened = await openVoiceConnection(command.target, env, { config, keepalive: io.keepalive });
  } catch (error) {
    // A missing HASS_TOKEN or an unknown connection name is bad usage, found before connecting: one line too.
    const isUsage = isHearthError(error) && error.code === 'BAD_ARGUMENTS';
    io.printError(`hearth: ${error instanceof Error ? error.message : String(error)}`);
    return isUsage ? VOICE_EXIT.usage : VOICE_EXIT.connection;
  }
  const { connection, address } = opened;
  try {
    switch (command.action) {
      case 'pipelines':
        await printPipelines(connection, command.isJson, io);
        return VOICE_EXIT.done;
      case 'bench':
        // Read for every bench; a file that could not be read has returned above.
        if (bench === undefined || 'usage' in bench) return VOICE_EXIT.usage;
        return await runVoiceBench({ connection, ...command, sentences: bench.sentences, io });
      case 'run':
        // Planned for every run; a failed plan has returned above.
        if (plan?.ok !== true) return VOICE_EXIT.usage;
        return await runOnce({ connection, address, command, io }, plan);
    }
  } catch (error) {
    if (!isHearthError(error) || error.code === 'BAD_ARGUMENTS') throw error;
    io.printError(`hearth: ${error.message}`);
    return VOICE_EXIT.connection;
  } finally {
    connection.close();
  }
}

/** One run of the command. */
interface RunContext {
  connection: VoiceConnection['connection'];
  /** Home Assistant's address; TTS URLs are relative to it. */
  address: string;
  command: Extract<VoiceCommand, VoiceRun>;
  io: VoiceIo;
}

async function runOnce(context: RunContext, plan: PlannedRun): Promise<number> {
  const { connection, command, io } = context;
  const started = io.now();
  const { result, events } = await runVoicePlan(connection, plan, io, (event) =>
    io.print(command.isJson ? JSON.stringify(event) : describeEvent(event, io.now() - started)),
  );
  return report(result, { ...context, events, endsWithTts: plan.request.endStage === 'tts' });
}

async function report(
  result: PipelineRunResult,
  context: RunContext & { events: TimedEvent[]; endsWithTts: boolean },
): Promise<number> {
  const { io, command } = context;
  switch (result.kind) {
    case 'pipeline-error':
      // In --json mode an error event was printed as it came; a refused run has no event, so its code goes to stderr.
      io.printError(`hearth: the pipeline reported ${result.code}: ${result.message}`);
      return VOICE_EXIT.noResult;
    case 'connection-lost':
    case 'stopped-answering':
      io.printError(`hearth: ${result.reason}`);
      return VOICE_EXIT.connection;
    case 'ended-without-result':
      if (!command.isJson) io.print('The run ended without a result.');
      if (command.saveAudio === undefined) return VOICE_EXIT.done;
      io.printError(`hearth: nothing saved to ${command.saveAudio}: the run ended without a result`);
      return VOICE_EXIT.noResult;
    case 'finished':
      return reportFinished(result, context);
  }
}

async function reportFinished(
  result: Extract<PipelineRunResult, { kind: 'finished' }>,
  context: RunContext & { events: TimedEvent[]; endsWithTts: boolean },
): Promise<number> {
  const { io, command } = context;
  const ttsUrl = result.ttsUrl === undefined ? undefined : new URL(result.ttsUrl, context.address).href;
  if (!command.isJson) {
    for (const line of describeFinished(result, { ttsUrl, endsWithTts: context.endsWithTts })) io.print(line);
    const timings = Object.entries(stageTimings(context.events)).map(([stage, ms]) => `${stage} ${ms} ms`);
    io.print(`timing: ${timings.join(', ')}`);
  }
  if (command.saveAudio === undefined) return VOICE_EXIT.done;
  if (ttsUrl === undefined) {
    const why = result.isSpoken === false ? 'the answer has no spoken text' : 'the run produced no speech';
    io.printError(`hearth: nothing saved to ${command.saveAudio}: ${why}`);
    return VOICE_EXIT.noResult;
  }
  const saved = await saveSpeech(ttsUrl, command.saveAudio, io);
  if (saved.ok) return VOICE_EXIT.done;
  io.printError(`hearth: nothing saved to ${command.saveAudio}: ${saved.reason}`);
  return VOICE_EXIT.noResult;
}
