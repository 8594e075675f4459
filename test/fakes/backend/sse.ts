// Server-sent event framing for the fake OpenAI server's streams.

/** The event that ends an OpenAI stream. */
export const DONE_DATA = '[DONE]';

/** One SSE event carrying `data`: a string verbatim (split over `data:` lines), anything else as JSON. */
export function encodeSseEvent(data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return `${text
    .split('\n')
    .map((line) => `data: ${line}`)
    .join('\n')}\n\n`;
}

/** The response headers of an event stream. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
} as const;
