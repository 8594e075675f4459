// Extended OpenAI Conversation's rounds for HA-Assist tests: the fixture's request with another user turn or device
// list, its `execute_services` items, and what a test asserts of an answer.

import assert from 'node:assert/strict';
import type { HaChatRequest } from '../../src/homeassistant/request/index.ts';
import { readHaRequestFixture } from '../fixtures/data.ts';
import type { Harness } from '../server/app-harness.ts';
import type { Answer } from './ask-app.ts';

/** The fixture's request: its system prompt, user turn, `execute_services` call and the integration's result. */
export const EXTENDED_FIXTURE = readHaRequestFixture(
  'variants/b-extended-openai-conversation.json',
) as unknown as HaChatRequest & { messages: Record<string, unknown>[] };

/** The fixture's system prompt (instructions and device CSV). */
export const EXTENDED_SYSTEM = EXTENDED_FIXTURE.messages[0]!.content as string;

/** The first round of a turn, as the integration sends it, with `system` as its prompt. */
export function extendedRequest(userText: string, system = EXTENDED_SYSTEM): HaChatRequest {
  return {
    ...EXTENDED_FIXTURE,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: userText },
    ],
  } as HaChatRequest;
}

/** An answer's calls with their arguments parsed. */
export function callsOf(answer: Answer): [string, unknown][] {
  return answer.calls.map((call) => [call.name, JSON.parse(call.arguments)]);
}

/** Asserts that HA-Assist answered itself, with no model call. */
export function assertNoModel(harness: Harness, answer: Answer): void {
  assert.equal(answer.metrics.ha_route?.route, 'direct');
  assert.equal(harness.gemma.turns.length + harness.vision.turns.length, 0, 'no model was called');
}

/** One `execute_services` item. */
export function service(domain: string, name: string, entityId: string, data: Record<string, unknown> = {}) {
  return { domain, service: name, service_data: { entity_id: entityId, ...data } };
}
