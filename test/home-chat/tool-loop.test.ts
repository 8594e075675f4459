// The page's tool loop: at most 16 tool calls of one model round run through the guard; the rest are answered unrun,
// their arguments not even parsed, and the model's next turn holds every answer.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ToolCallDelta } from '../../src/conversation/index.ts';
import { type HomeChatEvent, runHomeChat } from '../../src/home-chat/index.ts';
import { INPUT_LIMITS, type ToolGuard } from '../../src/tools/index.ts';
import { createCountingIds } from '../fakes/clock/index.ts';
import { createScriptedBackend } from '../fakes/scripted-backend/index.ts';

/** A guard that records the calls it runs and answers each with `ran <n>`. */
function recordingGuard(): ToolGuard & { ran: Array<[string, unknown]> } {
  const ran: Array<[string, unknown]> = [];
  return {
    ran,
    list: () => [],
    call: async (name, args) => {
      ran.push([name, args]);
      return { isError: false, text: `ran ${ran.length}` };
    },
    readHome: async () => ({ kind: 'refused', reason: 'not here' }),
    currentStates: async () => new Map(),
  };
}

async function collect(events: AsyncGenerator<HomeChatEvent>): Promise<HomeChatEvent[]> {
  const seen: HomeChatEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe('runHomeChat', () => {
  it('runs the first 16 tool calls of a round of 20; the other 4 are answered unrun and the model sees it', async () => {
    const backend = createScriptedBackend('chat');
    const toolCalls: ToolCallDelta[] = Array.from({ length: 20 }, (_, n) => ({
      index: n,
      id: `call_${n + 1}`,
      name: 'get-state',
      // The unrun ones are not JSON: never parsed, so they cannot cost anything.
      arguments: n < INPUT_LIMITS.toolCallsPerRound ? JSON.stringify({ entity_id: `light.l${n + 1}` }) : '{not json',
    }));
    backend.script(
      { kind: 'stream', deltas: [{ toolCalls }, { finishReason: 'tool_calls' }] },
      { kind: 'stream', deltas: [{ content: 'Done.' }, { finishReason: 'stop' }] },
    );
    const guard = recordingGuard();
    const events = await collect(
      runHomeChat({ backend, guard, ids: createCountingIds() }, [{ role: 'user', content: 'all lights' }]),
    );
    assert.deepEqual(
      guard.ran,
      Array.from({ length: 16 }, (_, n) => ['get-state', { entity_id: `light.l${n + 1}` }]),
    );
    const unrun =
      'not run: the model asked for 20 tool calls in one round, and at most 16 run per round; ask again for the rest';
    const results = events.filter((event) => event.kind === 'tool_result');
    assert.deepEqual(
      results.map((event) => [event.id, event.isError, event.text]),
      Array.from({ length: 20 }, (_, n) => [`call_${n + 1}`, n >= 16, n < 16 ? `ran ${n + 1}` : unrun]),
    );
    const next = backend.turns[1]?.messages.filter((message) => message.role === 'tool') ?? [];
    assert.deepEqual(
      next.map((message) => message.content),
      results.map((event) => event.text),
    );
    assert.deepEqual(events.at(-1), { kind: 'done', finishReason: 'stop' });
  });

  it('runs a call whose name the backend resent in every fragment by that name, once', async () => {
    const backend = createScriptedBackend('chat');
    backend.script(
      {
        kind: 'stream',
        deltas: [
          { toolCalls: [{ index: 0, id: 'call_1', name: 'get-state', arguments: '{"entity_id":' }] },
          { toolCalls: [{ index: 0, name: 'get-state', arguments: '"light.l1"}' }] },
          { finishReason: 'tool_calls' },
        ],
      },
      { kind: 'stream', deltas: [{ content: 'On.' }, { finishReason: 'stop' }] },
    );
    const guard = recordingGuard();
    await collect(runHomeChat({ backend, guard, ids: createCountingIds() }, [{ role: 'user', content: 'lamp?' }]));
    assert.deepEqual(guard.ran, [['get-state', { entity_id: 'light.l1' }]]);
  });
});
