// Action-result verification: acknowledgements in Home Assistant's words, its error speech, and `skipped` when
// nothing was read back (never `confirmed`).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_ASSIST_SETTINGS, understandRequest, type AssistSettings } from '../../../../src/assist/index.ts';
import { decideVerification, verifyAction } from '../../../../src/assist/steps/deterministic/verify-action.ts';
import type { HaChatRequest } from '../../../../src/homeassistant/request/index.ts';
import { decodeChatRequest } from '../../../../src/openai/index.ts';
import { createHarness, type Harness } from '../../../server/app-harness.ts';
import { ask, type Answer } from '../../ask-app.ts';
import { actionResult, firstRequest, liveContextOf, withResult } from '../../ha-turns.ts';
import { FIXTURE_HOME } from '../../../fixtures/homes/index.ts';

/** One intent response target. */
const entity = (id: string, name: string) => ({ name, type: 'entity', id });

/** Home Assistant's `IntentResponse.as_dict()` of a command that succeeded on `success`. */
function done(success: ReturnType<typeof entity>[], speech?: string): string {
  return JSON.stringify({
    speech: speech === undefined ? {} : { plain: { speech, extra_data: null } },
    response_type: 'action_done',
    data: { targets: [], success, failed: [] },
  });
}

/** The request after Home Assistant ran `name(args)` and answered `result`. */
function afterCall(name: string, args: Record<string, unknown>, result: string, text = 'do it'): HaChatRequest {
  return withResult(firstRequest(text), { id: 'call_1', name, arguments: JSON.stringify(args) }, result);
}

function verify(body: HaChatRequest, settings: Partial<AssistSettings> = {}, language = 'en') {
  const request = understandRequest(decodeChatRequest(body));
  return verifyAction(request, { ...DEFAULT_ASSIST_SETTINGS, ...settings }, language);
}

const NOT_VERIFIED = 'not a light or switch turned on or off';

describe('verifyAction: the acknowledgement, in Home Assistant words per domain', () => {
  // [why, tool, arguments, result, expected text]
  const rows: [string, string, Record<string, unknown>, string, string][] = [
    [
      'unlocking a lock',
      'HassTurnOff',
      { name: 'Front Door', domain: ['lock'] },
      done([entity('lock.front_door', 'Front Door')]),
      'Unlocking Front Door.',
    ],
    [
      'locking a lock',
      'HassTurnOn',
      { name: 'Front Door', domain: ['lock'] },
      done([entity('lock.front_door', 'Front Door')]),
      'Locking Front Door.',
    ],
    [
      'opening a cover',
      'HassTurnOn',
      { name: 'Living Room Blinds' },
      done([entity('cover.living_room_blinds', 'Living Room Blinds')]),
      'Opening Living Room Blinds.',
    ],
    [
      'closing a cover',
      'HassTurnOff',
      { name: 'Living Room Blinds' },
      done([entity('cover.living_room_blinds', 'Living Room Blinds')]),
      'Closing Living Room Blinds.',
    ],
    [
      'opening a valve',
      'HassTurnOn',
      { name: 'Water Main' },
      done([entity('valve.water_main', 'Water Main')]),
      'Opening Water Main.',
    ],
    [
      'activating a scene',
      'HassTurnOn',
      { name: 'Movie Night' },
      done([entity('scene.movie_night', 'Movie Night')]),
      'Activated Movie Night.',
    ],
    [
      'starting a script',
      'HassTurnOn',
      { name: 'Morning' },
      done([entity('script.morning', 'Morning')]),
      'Started Morning.',
    ],
    [
      'a fan keeps "Turned off"',
      'HassTurnOff',
      { name: 'Bedroom Fan' },
      done([entity('fan.bedroom_fan', 'Bedroom Fan')]),
      'Turned off Bedroom Fan.',
    ],
    [
      'pausing a media player',
      'HassMediaPause',
      { name: 'Living Room TV' },
      done([entity('media_player.living_room_tv', 'Living Room TV')]),
      'Paused Living Room TV.',
    ],
    [
      'no success list: the name and the one domain of the call',
      'HassTurnOff',
      { name: 'Front Door', domain: ['lock'] },
      done([]),
      'Unlocking Front Door.',
    ],
    [
      'one area command on two kinds of device: one sentence per word, in Home Assistant order',
      'HassTurnOff',
      { area: 'Hallway' },
      done([
        entity('cover.garage_door', 'Garage Door'),
        entity('lock.front_door', 'Front Door'),
        entity('cover.hall_blinds', 'Hall Blinds'),
      ]),
      'Closing Garage Door and Hall Blinds. Unlocking Front Door.',
    ],
    [
      'a command whose response names no device',
      'HassSetPosition',
      { name: 'Living Room Blinds', position: 40 },
      done([entity('cover.living_room_blinds', 'Living Room Blinds')]),
      'Done.',
    ],
    [
      "Home Assistant's own speech wins",
      'HassTurnOff',
      { name: 'Front Door', domain: ['lock'] },
      done([entity('lock.front_door', 'Front Door')], 'The front door is unlocked'),
      'The front door is unlocked',
    ],
  ];
  for (const [why, tool, args, result, text] of rows)
    it(`${why} → "${text}"`, () => {
      assert.deepEqual(verify(afterCall(tool, args, result)), { kind: 'skipped', text, reason: NOT_VERIFIED });
    });
});

/** Home Assistant's error intent response, with its speech when given. */
const errorResult = (speech?: string) =>
  JSON.stringify({
    speech: speech === undefined ? {} : { plain: { speech, extra_data: null } },
    response_type: 'error',
    data: { code: 'no_valid_targets' },
  });

describe("verifyAction: a failure in Home Assistant's words", () => {
  const rows: [string, string, string][] = [
    [
      'an error response with speech passes the speech on',
      errorResult('Sorry, I am not aware of any device called Lamp'),
      'Sorry, I am not aware of any device called Lamp',
    ],
    ['an error response without speech: the plain sentence', errorResult(), 'Sorry, that did not work for Lamp.'],
    [
      'a tool failure (no intent response): the plain sentence',
      JSON.stringify({ error: 'MatchFailedError', error_text: 'no match' }),
      'Sorry, that did not work for Lamp.',
    ],
  ];
  for (const [why, result, text] of rows)
    it(why, () => {
      assert.deepEqual(verify(afterCall('HassTurnOff', { name: 'Lamp' }, result)), {
        kind: 'failed',
        text,
        failed: ['Lamp'],
      });
    });
});

describe('verifyAction in German: what hearth says itself is German', () => {
  it('a failure without Home Assistant words, a done command without speech, and a state not yet reported', () => {
    const failed = verify(afterCall('HassTurnOff', { name: 'Lampe' }, errorResult()), {}, 'de');
    assert.deepEqual(failed, { kind: 'failed', text: 'Das hat bei Lampe leider nicht geklappt.', failed: ['Lampe'] });
    const lock = afterCall(
      'HassTurnOn',
      { name: 'Haustür', domain: ['lock'] },
      done([entity('lock.haustuer', 'Haustür')]),
    );
    assert.deepEqual(verify(lock, {}, 'de'), { kind: 'skipped', text: 'Erledigt: Haustür.', reason: NOT_VERIFIED });
    const light = afterCall('HassTurnOff', { name: 'Living Room Light' }, actionResult(['Living Room Light']));
    const unread = verify(light, { verifyAttempts: 0 }, 'de');
    assert.equal(unread.kind === 'skipped' ? unread.text : unread.kind, 'Erledigt: Living Room Light.');
  });
});

describe('verifyAction: skipped with the reason when nothing is read back', () => {
  const light = () =>
    afterCall('HassTurnOff', { name: 'Living Room Light' }, actionResult(['Living Room Light']), 'turn it off');
  it('reads the state of a light when it can', () => {
    assert.deepEqual(verify(light()), {
      kind: 'read-state',
      call: { name: 'GetLiveContext', arguments: '{}' },
      attempt: 1,
    });
  });
  const rows: [string, HaChatRequest, Partial<AssistSettings>, string][] = [
    ['verification off', light(), { verifyAttempts: 0 }, 'settings.ha_assist_verify_attempts is 0'],
    [
      'no GetLiveContext tool',
      { ...light(), tools: light().tools?.filter((tool) => tool.function.name !== 'GetLiveContext') },
      {},
      'the request offers no GetLiveContext tool',
    ],
    ["tool_choice 'none'", { ...light(), tool_choice: 'none' } as HaChatRequest, {}, "tool_choice is 'none'"],
  ];
  for (const [why, body, settings, reason] of rows)
    it(why, () => {
      assert.deepEqual(verify(body, settings), { kind: 'skipped', text: 'Turned off Living Room Light.', reason });
    });

  it('decideVerification reports kind skipped with the reason, never confirmed', () => {
    const settings = { ...DEFAULT_ASSIST_SETTINGS, verifyAttempts: 0 };
    assert.deepEqual(decideVerification(understandRequest(decodeChatRequest(light())), settings, 'en'), {
      kind: 'answer',
      text: 'Turned off Living Room Light.',
      plan: { kind: 'verify' },
      verify: {
        kind: 'skipped',
        attempt: 0,
        attempts: 0,
        delayS: 0.5,
        reason: 'settings.ha_assist_verify_attempts is 0',
      },
    });
  });
});

describe('verification through the app (0 model calls)', () => {
  function assertNoModel(harness: Harness, answer: Answer): void {
    assert.equal(answer.metrics.ha_route?.inference_calls, 0);
    assert.equal(harness.gemma.turns.length + harness.vision.turns.length, 0);
  }

  it('"Lock the front door" → HassTurnOn, then "Locking Front Door." with ha_verify skipped, no state read', async () => {
    const harness = createHarness();
    const first = firstRequest('Lock the front door');
    const command = await ask(harness, first);
    assert.deepEqual(
      command.calls.map((call) => [call.name, JSON.parse(call.arguments)]),
      [['HassTurnOn', { name: 'Front Door', domain: ['lock'] }]],
    );
    const lock = FIXTURE_HOME.entities.find((e) => e.name === 'Front Door')!;
    const answer = await ask(
      harness,
      withResult(first, command.calls[0]!, done([entity(lock.entityId, 'Front Door')])),
    );
    assertNoModel(harness, answer);
    assert.equal(answer.content, 'Locking Front Door.');
    assert.deepEqual(answer.calls, []);
    assert.deepEqual(answer.metrics.ha_verify, {
      kind: 'skipped',
      attempt: 0,
      attempts: 2,
      delay_s: 0.5,
      reason: NOT_VERIFIED,
    });
    assert.equal(answer.metrics.ha_verify_settle_ms, undefined);
  });

  it('an unlock result Home Assistant reports is acknowledged as "Unlocking Front Door.", never "Turned off"', async () => {
    const harness = createHarness();
    const answer = await ask(
      harness,
      afterCall(
        'HassTurnOff',
        { name: 'Front Door', domain: ['lock'] },
        done([entity('lock.front_door', 'Front Door')]),
      ),
    );
    assertNoModel(harness, answer);
    assert.equal(answer.content, 'Unlocking Front Door.');
  });

  it('with verification off, a light is acknowledged and ha_verify says skipped, not confirmed', async () => {
    const harness = createHarness({ settings: { verifyAttempts: 0 } });
    const first = firstRequest('Turn off the living room light');
    const command = (await ask(harness, first)).calls[0]!;
    const answer = await ask(harness, withResult(first, command, actionResult(['Living Room Light'])));
    assertNoModel(harness, answer);
    assert.equal(answer.content, 'Turned off Living Room Light.');
    assert.deepEqual(answer.metrics.ha_verify, {
      kind: 'skipped',
      attempt: 0,
      attempts: 0,
      delay_s: 0.5,
      reason: 'settings.ha_assist_verify_attempts is 0',
    });
  });

  it('a read that shows the new state still reports confirmed', async () => {
    const harness = createHarness();
    const first = firstRequest('Turn off the living room light');
    const command = (await ask(harness, first)).calls[0]!;
    const afterAction = withResult(first, command, actionResult(['Living Room Light']));
    const read = await ask(harness, afterAction);
    const off = { ...FIXTURE_HOME, entities: FIXTURE_HOME.entities.map((e) => ({ ...e, state: 'off' })) };
    const answer = await ask(harness, withResult(afterAction, read.calls[0]!, liveContextOf(off)));
    assertNoModel(harness, answer);
    assert.equal(answer.content, 'Turned off Living Room Light.');
    assert.deepEqual(answer.metrics.ha_verify, { kind: 'confirmed', attempt: 1, attempts: 2, delay_s: 0.5 });
  });

  it("Home Assistant's error speech is the answer", async () => {
    const harness = createHarness();
    const speech = 'Sorry, I am not aware of any device called Lamp';
    const result = JSON.stringify({
      speech: { plain: { speech, extra_data: null } },
      response_type: 'error',
      data: { code: 'no_valid_targets' },
    });
    const answer = await ask(harness, afterCall('HassTurnOff', { name: 'Lamp' }, result));
    assertNoModel(harness, answer);
    assert.equal(answer.content, speech);
    assert.equal(answer.metrics.ha_plan?.kind, 'verify');
    assert.deepEqual(answer.metrics.ha_plan?.failed, ['Lamp']);
  });
});
