// The page's text/event-stream parser: events are the same however the stream is cut into chunks, CRLF and CR end
// lines as LF does, data lines join with "\n", comments and unknown fields are ignored, and readSse decodes bytes.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSse, readSse, type SseEvent } from '../../web/src/sse.ts';

/** Feeds `chunks` to parseSse one after the other, as readSse does, and collects the events and the final rest. */
function feed(chunks: readonly string[]): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  let rest = '';
  for (const chunk of chunks) {
    const parsed = parseSse(rest + chunk);
    events.push(...parsed.events);
    rest = parsed.rest;
  }
  return { events, rest };
}

/** A body that delivers `chunks` as they are. */
function body(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of readSse(stream)) events.push(event);
  return events;
}

// What the chat endpoint sends, plus a comment, unknown fields and an event without a name.
const STREAM = [
  ': hearth says hello',
  '',
  'event: delta',
  'data: {"content":"Küche ☀️"}',
  '',
  'event: tool_call',
  'id: 7',
  'retry: 1000',
  'data: {"name":"get_state"}',
  '',
  'data: first',
  'data: second',
  '',
  'event: done',
  'data: {"finish_reason":"stop"}',
  '',
  '',
].join('\n');

const EVENTS: SseEvent[] = [
  { event: 'delta', data: '{"content":"Küche ☀️"}' },
  { event: 'tool_call', data: '{"name":"get_state"}' },
  { event: 'message', data: 'first\nsecond' },
  { event: 'done', data: '{"finish_reason":"stop"}' },
];

describe('parseSse', () => {
  it('parses a whole stream in one piece, leaving no rest', () => {
    assert.deepEqual(parseSse(STREAM), { events: EVENTS, rest: '' });
  });

  it('gives the same events when the stream arrives one character at a time', () => {
    assert.deepEqual(feed([...STREAM]), { events: EVENTS, rest: '' });
  });

  it('gives the same events for every cut of the stream into two chunks', () => {
    for (let cut = 0; cut <= STREAM.length; cut += 1) {
      const result = feed([STREAM.slice(0, cut), STREAM.slice(cut)]);
      assert.deepEqual(result, { events: EVENTS, rest: '' }, `cut at ${cut}`);
    }
  });

  it('reads CRLF line ends as LF, also when a CRLF is split between two chunks', () => {
    const crlf = STREAM.replaceAll('\n', '\r\n');
    assert.deepEqual(parseSse(crlf), { events: EVENTS, rest: '' });
    assert.deepEqual(feed([...crlf]), { events: EVENTS, rest: '' });
    for (let cut = 0; cut <= crlf.length; cut += 1) {
      assert.deepEqual(feed([crlf.slice(0, cut), crlf.slice(cut)]).events, EVENTS, `cut at ${cut}`);
    }
  });

  it('reads lone CR line ends as LF', () => {
    assert.deepEqual(parseSse('event: delta\rdata: a\rdata: b\r\rdata: c\r\n\r\n'), {
      events: [
        { event: 'delta', data: 'a\nb' },
        { event: 'message', data: 'c' },
      ],
      rest: '',
    });
  });

  it('dispatches an event ended by CR CR at once, without waiting for the next chunk', () => {
    // The second CR already ends the blank line; an LF after it could only complete that CRLF.
    assert.deepEqual(parseSse('data: a\r\r').events, [{ event: 'message', data: 'a' }]);
  });

  it('keeps a CR at the end of a chunk for the next one, so a split CRLF makes one line end, not two', () => {
    const first = parseSse('data: a\r');
    assert.deepEqual(first, { events: [], rest: 'data: a\r' });
    // Read as a line end at once, the CR and the next chunk's LF would have made a blank line: two events, a and b.
    assert.deepEqual(parseSse(`${first.rest}\ndata: b\r\n\r\n`), {
      events: [{ event: 'message', data: 'a\nb' }],
      rest: '',
    });
  });

  it('joins several data lines with "\\n", keeping an empty data line as an empty line', () => {
    assert.deepEqual(parseSse('data: a\ndata:\ndata: c\n\n').events, [{ event: 'message', data: 'a\n\nc' }]);
    assert.deepEqual(parseSse('data\n\n').events, [{ event: 'message', data: '' }]);
  });

  it('drops exactly one space after the colon', () => {
    const table: [string, string][] = [
      ['data: x\n\n', 'x'],
      ['data:x\n\n', 'x'],
      ['data:  x\n\n', ' x'],
      ['data: x \n\n', 'x '],
      ['data: a: b\n\n', 'a: b'],
    ];
    for (const [stream, data] of table) assert.deepEqual(parseSse(stream).events, [{ event: 'message', data }], stream);
  });

  it('ignores comments and unknown fields, and dispatches nothing for a block without data', () => {
    const stream =
      ': ping\n\nid: 1\nretry: 10\nfoo: bar\nDATA: upper case is another field\n\nevent: delta\n\n: x\ndata: y\n\n';
    assert.deepEqual(parseSse(stream), { events: [{ event: 'message', data: 'y' }], rest: '' });
  });

  it('names an event without an event line "message", and takes the last event line of a block', () => {
    assert.deepEqual(parseSse('data: x\n\nevent: a\nevent: b\ndata: y\n\n').events, [
      { event: 'message', data: 'x' },
      { event: 'b', data: 'y' },
    ]);
  });

  it('treats blank lines beyond the first as nothing', () => {
    assert.deepEqual(parseSse('\n\n\ndata: x\n\n\n\n\ndata: y\n\n').events, [
      { event: 'message', data: 'x' },
      { event: 'message', data: 'y' },
    ]);
  });

  it('keeps an event without its final blank line as the rest, undispatched', () => {
    assert.deepEqual(parseSse('data: a\n\ndata: b\n'), {
      events: [{ event: 'message', data: 'a' }],
      rest: 'data: b\n',
    });
    assert.deepEqual(parseSse('event: delta\ndata: b'), { events: [], rest: 'event: delta\ndata: b' });
  });

  it('names an event whose event line is empty "message", as the format says', () => {
    assert.deepEqual(parseSse('event:\ndata: x\n\n').events, [{ event: 'message', data: 'x' }]);
  });
});

describe('readSse', () => {
  const bytes = new TextEncoder().encode(STREAM);

  it('yields the same events from a body in one chunk and from a body one byte at a time', async () => {
    assert.deepEqual(await readAll(body([bytes])), EVENTS);
    // One byte at a time also splits "ü", "☀" and its variation selector across chunks.
    assert.deepEqual(await readAll(body([...bytes].map((byte) => Uint8Array.of(byte)))), EVENTS);
  });

  it('reads CRLF bodies byte by byte', async () => {
    const crlf = new TextEncoder().encode(STREAM.replaceAll('\n', '\r\n'));
    assert.deepEqual(await readAll(body([...crlf].map((byte) => Uint8Array.of(byte)))), EVENTS);
  });

  it('dispatches a last event the body ended without a blank line for', async () => {
    const ending = ['data: a\n\n', 'event: delta\ndata: b'].map((text) => new TextEncoder().encode(text));
    assert.deepEqual(await readAll(body(ending)), [
      { event: 'message', data: 'a' },
      { event: 'delta', data: 'b' },
    ]);
    assert.deepEqual(await readAll(body([new TextEncoder().encode('data: c\r')])), [{ event: 'message', data: 'c' }]);
  });

  it('yields nothing for an empty body or one of comments only', async () => {
    assert.deepEqual(await readAll(body([])), []);
    assert.deepEqual(await readAll(body([new TextEncoder().encode(': only a comment\n\n: and another')])), []);
  });

  it('releases the body when it ends and when the reader stops early', async () => {
    const whole = body([bytes]);
    await readAll(whole);
    assert.equal(whole.locked, false);

    const early = body([bytes]);
    for await (const event of readSse(early)) {
      assert.deepEqual(event, EVENTS[0]);
      break;
    }
    assert.equal(early.locked, false);
  });
});
