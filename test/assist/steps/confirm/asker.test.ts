// Who a confirmation question was asked of: the conversation id per surface, the satellite, and an agent that stays
// the same while Home Assistant re-renders the prompt's time every round.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { askerOf } from '../../../../src/assist/steps/confirm/asker.ts';
import type { Turn } from '../../../../src/conversation/index.ts';
import { decodeChatRequest } from '../../../../src/openai/index.ts';
import { buildHaRequest } from '../../../../src/homeassistant/request/index.ts';
import { readHaRequestFixture } from '../../../fixtures/data.ts';
import { FIXTURE_HOME } from '../../../fixtures/homes/index.ts';

/** The turn of a Home Assistant body built with `options` (English text, a fixed conversation). */
function turnOf(options: Partial<HaRequestOptions>): Turn {
  return decodeChatRequest(
    buildHaRequest(FIXTURE_HOME, { userText: 'Unlock the Front Door', era: '2026', ...options }),
  );
}

/** What `buildHaRequest` takes. */
type HaRequestOptions = Parameters<typeof buildHaRequest>[1];

const AT = (time: string) => ({ now: { date: '2026-03-14', time } });

describe('askerOf', () => {
  it("takes the conversation id from `user`, else from Local OpenAI LLM's metadata.session_id, else none", () => {
    const rows: [extra: Partial<Turn>, id: string][] = [
      [{ user: '01KM3R7Q9V2D6H8J4N5P0S1T2W' }, '01KM3R7Q9V2D6H8J4N5P0S1T2W'],
      [{ user: undefined, extra: { metadata: { session_id: 'session-7' } } }, 'session-7'],
      [{ user: '', extra: { metadata: { session_id: 'session-7' } } }, 'session-7'],
      [{ user: undefined, extra: { metadata: { session_id: 42 } } }, ''],
      [{ user: undefined, extra: { metadata: 'session-7' } }, ''],
      [{ user: undefined, extra: {} }, ''],
    ];
    for (const [fields, id] of rows)
      assert.equal(askerOf({ ...turnOf({}), ...fields }, {}).conversationId, id, JSON.stringify(fields));
  });

  it('binds the satellite by area and floor', () => {
    const turn = turnOf({});
    const of = (satellite?: { area: string; floor?: string }) => askerOf(turn, { satellite }).satellite;
    assert.equal(of(), '');
    assert.notEqual(of({ area: 'Kitchen' }), of({ area: 'Hallway' }));
    assert.notEqual(of({ area: 'Kitchen' }), of({ area: 'Kitchen', floor: 'Ground Floor' }));
    assert.equal(of({ area: 'Kitchen', floor: 'Ground Floor' }), of({ area: 'Kitchen', floor: 'Ground Floor' }));
  });

  it("keeps the agent while the prompt's time moves on, in every era and with a time in the instructions", () => {
    const instructions = 'You are Butler.\nIt is {time} now, on 2026-03-14.';
    for (const era of ['2024', '2025', '2026'] as const)
      for (const withInstructions of [false, true]) {
        const agent = (time: string) =>
          askerOf(
            turnOf({
              era,
              ...AT(time),
              ...(withInstructions ? { instructions: instructions.replace('{time}', time) } : {}),
            }),
            {},
          ).agent;
        assert.equal(agent('18:42:07'), agent('19:03:55'), `${era}, instructions: ${withInstructions}`);
      }
  });

  it('tells agents apart by their instructions, not by the home, the satellite line or the extra prompt', () => {
    const agent = (options: Partial<HaRequestOptions>) => askerOf(turnOf({ era: '2025', ...options }), {}).agent;
    assert.notEqual(agent({}), agent({ instructions: 'You are Butler.' }));
    assert.notEqual(agent({ instructions: 'You are Butler.' }), agent({ instructions: 'You are Jeeves.' }));
    assert.equal(agent({}), agent({ satelliteArea: 'Kitchen' }));
    assert.equal(agent({}), agent({ extraSystemPrompt: 'The doorbell rang.' }));
  });

  it("keeps Extended OpenAI Conversation's agent while its device states and time line change", () => {
    const body = readHaRequestFixture('variants/b-extended-openai-conversation.json') as {
      messages: { content: string }[];
    };
    const turn = decodeChatRequest(body);
    const system = body.messages[0]!.content;
    const later = system.replace('18:42:07.481516', '18:47:12.000001').replace(',on,', ',off,');
    assert.notEqual(later, system);
    const laterTurn = { ...turn, messages: [{ ...turn.messages[0]!, content: later }, ...turn.messages.slice(1)] };
    assert.equal(askerOf(laterTurn as Turn, {}).agent, askerOf(turn, {}).agent);
  });
});
