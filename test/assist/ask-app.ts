// One HA-Assist turn through the app, as Home Assistant posts it: the answer's text, tool calls and metrics.

import assert from 'node:assert/strict';
import { postChat, type Harness } from '../server/app-harness.ts';
import type { HaChatRequest } from '../../src/homeassistant/request/index.ts';

export interface Answer {
  content: string | null;
  calls: { id: string; name: string; arguments: string }[];
  metrics: Record<string, Record<string, unknown>>;
}

/** Posts `body` to the harness's app, asserts a 200 and returns the first choice's answer. */
export async function ask(harness: Harness, body: HaChatRequest): Promise<Answer> {
  const response = await postChat(harness.app, body);
  const json = (await response.json()) as {
    choices: {
      message: { content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] };
    }[];
    metrics: Answer['metrics'];
  };
  assert.equal(response.status, 200, JSON.stringify(json));
  const message = json.choices[0]!.message;
  return {
    content: message.content,
    calls: (message.tool_calls ?? []).map((c) => ({
      id: c.id,
      name: c.function.name,
      arguments: c.function.arguments,
    })),
    metrics: json.metrics,
  };
}
