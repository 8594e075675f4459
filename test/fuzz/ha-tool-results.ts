// Tool results for fuzzing, as Home Assistant (or Extended OpenAI Conversation) writes them into `tool` messages: intent
// responses, Live Contexts, JSON, Python repr and text, mutated, and nested deeper than any body limit.

import fc from 'fast-check';
import { actionDoneResult, renderLiveContext } from '../../src/homeassistant/request/index.ts';
import { FIXTURE_HOME } from '../fixtures/homes/index.ts';
import { TWO_FLOOR_HOME } from '../fixtures/homes/two-floor-home.ts';
import { anyString, nastyJson } from './hostile-values.ts';
import { mutated } from './text-edits.ts';

/** A Live Context result as HA renders it for each home. */
export const LIVE_CONTEXTS: readonly string[] = [renderLiveContext(FIXTURE_HOME), renderLiveContext(TWO_FLOOR_HOME)];

/** A tool result as HA (or Extended OpenAI Conversation) writes it, or something else entirely. */
export const toolResultText: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      JSON.stringify(actionDoneResult([{ name: 'Living Room Light', entityId: 'light.living_room_light' }])),
      '{"speech": {"plain": {"speech": "Sorry, I am not aware of any device called Lamp", "extra_data": null}}, "response_type": "error", "data": {"code": "no_valid_targets"}}',
      '{"success": true, "result": {"date": "2026-03-14", "time": "18:42:07"}}',
      '{"success": false, "error": "Entity light.x not found"}',
      '{"error": "HomeAssistantError", "error_text": "boom"}',
      '{"data": {"success": true, "result": "ok"}, "error": false}',
      '{"data": "it broke", "error": true}',
      "[{'success': True}]",
      "{'success': False, 'error': 'nope', 'nested': (1, 2.5, None)}",
      'plain text',
      '',
      ...LIVE_CONTEXTS.map((live) => JSON.stringify({ success: true, result: live })),
    ),
    weight: 4,
  },
  { arbitrary: nastyJson(3).map((value) => JSON.stringify(value)), weight: 2 },
  { arbitrary: anyString, weight: 1 },
  { arbitrary: fc.constantFrom(...LIVE_CONTEXTS).chain((live) => mutated(live, 3)), weight: 2 },
);

/**
 * A tool result nesting far deeper than the body limit (64): inside a string, where that limit does not reach. Kept
 * apart from {@link toolResultText} because it finds a known bug (see tool-results.test.ts).
 */
export const deepToolResultText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 100, max: 60_000 }), fc.constantFrom('data', 'error', 'array', 'python', 'targets'))
  .map(([depth, kind]) => {
    const open = '['.repeat(depth);
    const close = ']'.repeat(depth);
    if (kind === 'data') return `${'{"data":'.repeat(depth)}1${',"error":false}'.repeat(depth)}`;
    if (kind === 'error') return `{"success":false,"error":${open}${close}}`;
    if (kind === 'array') return `{"data":${open}${close},"error":true}`;
    if (kind === 'python') return `${open}${close}`;
    return `{"response_type":"action_done","data":{"targets":${open}${close}}}`;
  });
