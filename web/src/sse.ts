// Server-sent events: a pure parser of the text/event-stream format and a reader of a fetch body.

/** One dispatched event: its name ("message" when the stream gave none) and its data lines joined by "\n". */
export interface SseEvent {
  event: string;
  data: string;
}

/** Parses every complete event in `buffer`; `rest` is the unfinished tail to prepend to the next chunk. */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  // An event ends at a blank line; CRLF and CR are legal line ends too.
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  // Blank lines before an event's first line dispatch nothing: dropped (a CRLF split after a CR leaves one).
  let rest = (blocks.pop() ?? '').replace(/^\n+/, '');
  // A CR at the very end may be the first half of a CRLF split across chunks. It ended a line either way, so the
  // events before it are dispatched now; an unfinished event keeps it as a CR, so a following LF joins it.
  if (buffer.endsWith('\r') && rest !== '') rest = `${rest.slice(0, -1)}\r`;
  for (const block of blocks) {
    const event = parseBlock(block);
    if (event) events.push(event);
  }
  return { events, rest };
}

function parseBlock(block: string): SseEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    // One space after the colon belongs to the format, not to the value.
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    // An empty name is no name: the event is a "message", as the format says.
    if (field === 'event') event = value === '' ? 'message' : value;
    else if (field === 'data') data.push(value);
  }
  // A block with no data line dispatches nothing (the format's rule).
  return data.length === 0 ? null : { event, data: data.join('\n') };
}

/** Reads `body` as a stream of events until it ends. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += decoder.decode(value, { stream: !done });
      const parsed = parseSse(done ? `${buffer}\n\n` : buffer);
      buffer = parsed.rest;
      yield* parsed.events;
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
