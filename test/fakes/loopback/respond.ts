// Writing answers on a fake's response: whole bodies, line streams with scripted faults, and abortable pauses.

import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** How a line stream is delivered: timing and faults. Every field is optional. */
export interface LineDelivery {
  /** Wait this long before each line after the first. */
  chunkDelayMs?: number;
  /** Destroy the socket after this many lines (0 = right after the headers). */
  dropAfterLines?: number;
  /** Go silent after this many lines (0 = right after the headers) until the client leaves or the fake closes. */
  hangAfterLines?: number;
}

/** Sends `body` with `status`: a string verbatim, anything else as JSON. */
export function sendBody(res: ServerResponse, status: number, body: unknown, contentType?: string): void {
  const isText = typeof body === 'string';
  res.writeHead(status, {
    'content-type': contentType ?? (isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8'),
  });
  res.end(isText ? body : JSON.stringify(body));
}

/** Streams `lines` (NDJSON lines, SSE events) with `headers`, one write each, honouring the delivery's delay, drop and hang. */
export async function sendLines(
  res: ServerResponse,
  lines: readonly (string | Uint8Array)[],
  delivery: LineDelivery,
  signal: AbortSignal,
  headers: OutgoingHttpHeaders,
): Promise<void> {
  res.writeHead(200, headers);
  res.flushHeaders();
  for (let sent = 0; ; sent++) {
    if (sent === delivery.dropAfterLines) {
      res.destroy();
      return;
    }
    if (sent === delivery.hangAfterLines) {
      await untilAborted(signal);
      res.destroy();
      return;
    }
    const line = lines[sent];
    if (line === undefined) break;
    if (sent > 0) await pause(delivery.chunkDelayMs, signal);
    await write(res, line);
  }
  res.end();
}

/** Waits `ms` (nothing when undefined or 0); rejects when `signal` aborts first. */
export async function pause(ms: number | undefined, signal: AbortSignal): Promise<void> {
  if (ms !== undefined && ms > 0) await sleep(ms, undefined, { signal });
}

/** Resolves when `signal` aborts. */
export function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** Resolves once the text is handed to the socket, so a drop after it cannot swallow it. */
function write(res: ServerResponse, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    res.write(data, (error) => (error ? reject(error) : resolve()));
  });
}
