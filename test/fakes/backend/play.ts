// Plays one script step on an HTTP response: the delay, the body or stream, and the scripted faults.

import type { ServerResponse } from 'node:http';
import { isFaultStep, pause, playFault, sendBody, sendLines, type LineDelivery } from '../loopback/index.ts';
import type { FakeStep, StepDelivery } from './script.ts';
import { DONE_DATA, encodeSseEvent, SSE_HEADERS } from './sse.ts';
import { buildChunks, buildCompletion, resolveReply, type ResponseIdentity } from './wire.ts';

/** What playing a step needs to know about the request and the server. */
export interface PlayContext {
  /** Whether the request asked for a stream (`stream: true`). */
  isStream: boolean;
  /** Whether the request asked for a usage chunk (`stream_options.include_usage`). */
  includeUsage: boolean;
  identity: ResponseIdentity;
  /** Makes the ids of tool calls a step leaves undefined. */
  newCallId: () => string;
  /** Aborts when the client went away or the fake is closing; ends hangs and delays. */
  signal: AbortSignal;
}

/** Answers `res` as `step` says; a failed write rejects, and the recording server then ends the response. */
export async function playStep(step: FakeStep, res: ServerResponse, context: PlayContext): Promise<void> {
  if (isFaultStep(step)) return playFault(step, res, context.signal);
  await pause(step.delayMs, context.signal);
  if (step.kind === 'raw-stream')
    return sendLines(res, step.data.map(encodeSseEvent), lineDelivery(step), context.signal, SSE_HEADERS);
  const reply = resolveReply(step, context.newCallId);
  if (!(step.stream ?? context.isStream))
    return sendBody(res, 200, buildCompletion(reply, context.identity), 'application/json');
  const chunks = buildChunks(reply, context.identity, context.includeUsage);
  await sendLines(
    res,
    [...chunks.map(encodeSseEvent), encodeSseEvent(DONE_DATA)],
    lineDelivery(step),
    context.signal,
    SSE_HEADERS,
  );
}

/** The script's frame-counted delivery in the shared line-stream terms (one SSE event is one line write). */
function lineDelivery(step: StepDelivery): LineDelivery {
  return {
    chunkDelayMs: step.chunkDelayMs,
    dropAfterLines: step.dropAfterFrames,
    hangAfterLines: step.hangAfterFrames,
  };
}
