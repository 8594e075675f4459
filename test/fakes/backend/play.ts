// Plays one script step on an HTTP response: the delay, the body or stream, and the scripted faults.

import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
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

/** Answers `res` as `step` says; never throws (a failed write just ends the response). */
export async function playStep(step: FakeStep, res: ServerResponse, context: PlayContext): Promise<void> {
  try {
    await play(step, res, context);
  } catch {
    // An aborted delay, or a write to a client that left: there is no one to answer any more.
    res.destroy();
  }
}

async function play(step: FakeStep, res: ServerResponse, context: PlayContext): Promise<void> {
  switch (step.kind) {
    case 'hang':
      await untilAborted(context.signal);
      res.destroy();
      return;
    case 'drop':
      await pause(step.delayMs, context.signal);
      res.destroy();
      return;
    case 'http-error':
      await pause(step.delayMs, context.signal);
      sendBody(res, step.status, step.body, typeof step.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json');
      return;
    case 'raw-body':
      await pause(step.delayMs, context.signal);
      sendBody(res, 200, step.body, step.contentType ?? 'application/json');
      return;
    case 'raw-stream':
      await pause(step.delayMs, context.signal);
      await sendStream(res, step.data.map(encodeSseEvent), step, context.signal);
      return;
    case 'text':
    case 'tool-calls': {
      await pause(step.delayMs, context.signal);
      const reply = resolveReply(step, context.newCallId);
      if (!(step.stream ?? context.isStream)) {
        sendBody(res, 200, buildCompletion(reply, context.identity), 'application/json');
        return;
      }
      const chunks = buildChunks(reply, context.identity, context.includeUsage);
      await sendStream(res, [...chunks.map(encodeSseEvent), encodeSseEvent(DONE_DATA)], step, context.signal);
      return;
    }
  }
}

function sendBody(res: ServerResponse, status: number, body: unknown, contentType: string): void {
  res.writeHead(status, { 'content-type': contentType });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** Writes the frames one by one, honouring the step's chunk delay, drop and hang. */
async function sendStream(res: ServerResponse, frames: string[], delivery: StepDelivery, signal: AbortSignal): Promise<void> {
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
  for (let sent = 0; ; sent++) {
    if (sent === delivery.dropAfterFrames) {
      res.destroy();
      return;
    }
    if (sent === delivery.hangAfterFrames) {
      await untilAborted(signal);
      res.destroy();
      return;
    }
    const frame = frames[sent];
    if (frame === undefined) break;
    if (sent > 0) await pause(delivery.chunkDelayMs, signal);
    await write(res, frame);
  }
  res.end();
}

/** Resolves once the frame is handed to the socket, so a drop after it cannot swallow it. */
function write(res: ServerResponse, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    res.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

async function pause(ms: number | undefined, signal: AbortSignal): Promise<void> {
  if (ms !== undefined && ms > 0) await sleep(ms, undefined, { signal });
}

function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
