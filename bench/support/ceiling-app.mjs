// bench:ceiling's ceiling: the bare stack hearth is built on (Hono on @hono/node-server, one Node process) doing the
// least a chat-completions server must do with HA-Assist's request — read and `JSON.parse` the body — and answering
// a fixed small chat completion. What hearth costs beyond this is hearth's own work.
// Plain JavaScript, run by `node` itself: a TypeScript loader would add its own start-up time and memory to the
// figures it is measured by. Usage: node bench/support/ceiling-app.mjs (listens on a free loopback port and prints
// `listening on <url>`, as `hearth serve --port 0` does).

import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/** The one answer; bench/support/ceiling.ts checks every body for it. */
const ANSWER = {
  id: 'chatcmpl-ceiling',
  object: 'chat.completion',
  created: 0,
  model: 'ceiling',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Ceiling.' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
};

const app = new Hono();
app.get('/healthz', (c) => c.json({ status: 'ok' }));
app.post('/v1/chat/completions', async (c) => {
  let body;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return c.json({ error: { message: 'The body is not JSON.', type: 'invalid_request_error' } }, 400);
  }
  // Looking into the parsed body keeps the parse from being work nobody uses.
  if (!Array.isArray(body?.messages))
    return c.json({ error: { message: 'messages is missing.', type: 'invalid_request_error' } }, 400);
  return c.json(ANSWER);
});

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
