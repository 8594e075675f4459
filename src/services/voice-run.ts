// One run of `hearth voice`: the pipeline started with the planned request, its audio sent, its events timed.

import {
  type HomeAssistantConnection,
  type PipelineEvent,
  type PipelineRunResult,
  runPipeline,
} from '../homeassistant/index.ts';
import { type AudioIo, streamAudio } from './voice-audio.ts';
import type { RunPlan } from './voice-run-plan.ts';
import type { TimedEvent } from './voice-timings.ts';

/** What a run reads besides its connection: the clock and what sending audio reads. */
export interface VoiceRunIo extends AudioIo {
  /** A monotonic clock (ms). */
  now: () => number;
}

/** A run ready to start. */
export type PlannedRun = Extract<RunPlan, { ok: true }>;

/** How the run ended, and each event with when it came. */
export interface VoiceRunOutcome {
  result: PipelineRunResult;
  events: TimedEvent[];
}

/** Runs `plan` on `connection`; `onEvent` sees each event as it comes, after its time is recorded. */
export async function runVoicePlan(
  connection: HomeAssistantConnection,
  plan: PlannedRun,
  io: VoiceRunIo,
  onEvent: (event: PipelineEvent) => void,
): Promise<VoiceRunOutcome> {
  const events: TimedEvent[] = [];
  const run = runPipeline(connection, plan.request, {
    onEvent: (event) => {
      events.push({ type: event.type, at: io.now() });
      onEvent(event);
    },
  });
  const sampleRate = 'sample_rate' in plan.request.input ? plan.request.input.sample_rate : 16_000;
  const stopAudio = streamAudio(run, plan.audio, { sampleRate, io });
  const result = await run.done;
  stopAudio();
  return { result, events };
}
