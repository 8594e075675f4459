// The fake's service calls over real sockets: REST checks and answers, effects, targets, scripted faults, WebSocket.

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  type FakeHomeAssistantOptions,
  type HaState,
  startFakeHomeAssistant,
} from './index.ts';

const GUARD = { timeout: 10_000 };
const NOW = new Date('2026-01-08T12:34:56.789Z');
/** `NOW` as HA writes it: the time every state changed by a call carries. */
const AT = '2026-01-08T12:34:56.789000+00:00';
const AUTH = { authorization: `Bearer ${ADMIN_TOKEN}` };
const BARE_500 = '500 Internal Server Error\n\nServer got itself in trouble';

async function start(options: Partial<FakeHomeAssistantOptions> = {}): Promise<FakeHomeAssistant> {
  const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, now: () => NOW, ...options });
  after(() => fake.close());
  return fake;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** `POST /api/services/<domain>/<service><query>` with `body` as JSON (a string is sent as it is). */
async function post(fake: FakeHomeAssistant, action: string, body?: unknown, query = ''): Promise<Answer> {
  const response = await fetch(`${fake.rootUrl}/api/services/${action.replace('.', '/')}${query}`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

async function changed(fake: FakeHomeAssistant, action: string, body?: unknown): Promise<HaState[]> {
  const answer = await post(fake, action, body);
  assert.equal(answer.status, 200, answer.text);
  return JSON.parse(answer.text) as HaState[];
}

async function stateOf(fake: FakeHomeAssistant, entityId: string): Promise<HaState> {
  const response = await fetch(`${fake.rootUrl}/api/states/${entityId}`, { headers: AUTH });
  assert.equal(response.status, 200);
  return (await response.json()) as HaState;
}

describe('fake Home Assistant service calls: checks', () => {
  it('answers bad JSON with 400 "Data should be valid JSON." and records no call', GUARD, async () => {
    const fake = await start();
    const answer = await post(fake, 'light.turn_on', '{"entity_id": ');
    assert.equal(answer.status, 400);
    assert.deepEqual(JSON.parse(answer.text), { message: 'Data should be valid JSON.' });
    assert.equal(fake.log.serviceCalls.length, 0);
  });

  it('answers an unknown service with a bare 400, and records the call', GUARD, async () => {
    const fake = await start();
    const answer = await post(fake, 'light.explode', { entity_id: 'light.kitchen' });
    assert.deepEqual([answer.status, answer.text], [400, '400: Bad Request']);
    assert.match(answer.contentType, /^text\/plain/);
    assert.deepEqual(
      fake.log.serviceCalls.map(({ domain, service, via }) => [domain, service, via]),
      [['light', 'explode', 'rest']],
    );
  });

  it('checks the presence of return_response against what the service supports', GUARD, async () => {
    const fake = await start();
    // Presence counts, whatever the value.
    const notSupported = await post(fake, 'light.turn_on', { entity_id: 'light.kitchen' }, '?return_response=false');
    assert.equal(notSupported.status, 400);
    assert.deepEqual(JSON.parse(notSupported.text), {
      message: 'Service does not support responses. Remove return_response from request.',
    });
    const required = await post(fake, 'weather.get_forecasts', { entity_id: 'weather.home', type: 'daily' });
    assert.equal(required.status, 400);
    assert.deepEqual(JSON.parse(required.text), {
      message:
        'Service call requires responses but caller did not ask for responses. Add ?return_response to query parameters.',
    });
    assert.equal((await stateOf(fake, 'light.kitchen')).state, 'off');
  });

  it('answers data that does not fit the schema with a bare 400 and changes nothing', GUARD, async () => {
    const fake = await start();
    for (const [action, body] of [
      ['media_player.volume_set', { entity_id: 'media_player.living_room_tv' }],
      ['light.turn_on', { entity_id: 'light.bedroom', brightness_pct: 150 }],
      ['light.turn_on', { entity_id: 'light.bedroom', blink: true }],
      ['light.turn_on', { entity_id: 'Not An Entity' }],
      ['light.turn_on', [1, 2]],
    ] as const) {
      const answer = await post(fake, action, body);
      assert.deepEqual([answer.status, answer.text], [400, '400: Bad Request'], JSON.stringify(body));
    }
    assert.equal((await stateOf(fake, 'light.bedroom')).state, 'off');
    assert.equal(fake.log.serviceCalls.length, 5);
  });
});

describe('fake Home Assistant service calls: effects', () => {
  it(
    'turns a light on at a brightness, answers the changed state with a new context, and keeps it',
    GUARD,
    async () => {
      const fake = await start();
      const before = await stateOf(fake, 'light.bedroom');
      const [state, ...rest] = await changed(fake, 'light.turn_on', { entity_id: 'light.bedroom', brightness_pct: 50 });
      assert.equal(rest.length, 0);
      assert.equal(state?.state, 'on');
      assert.equal(state?.attributes.brightness, 128);
      assert.equal(state?.attributes.color_mode, 'brightness');
      assert.equal(state?.attributes.friendly_name, before.attributes.friendly_name);
      assert.equal(state?.last_changed, AT);
      assert.equal(state?.last_updated, AT);
      const [call] = fake.log.serviceCalls;
      assert.deepEqual(call, {
        domain: 'light',
        service: 'turn_on',
        data: { entity_id: 'light.bedroom', brightness_pct: 50 },
        via: 'rest',
        at: AT,
        contextId: state?.context.id,
      });
      assert.notEqual(state?.context.id, before.context.id);
      assert.deepEqual(await stateOf(fake, 'light.bedroom'), state);
    },
  );

  it('turns off, toggles and lists only the states that changed', GUARD, async () => {
    const fake = await start();
    const off = await changed(fake, 'light.turn_off', { entity_id: ['light.living_room', 'light.bedroom'] });
    assert.deepEqual(
      off.map((state) => [state.entity_id, state.state, state.attributes.brightness]),
      [['light.living_room', 'off', null]],
    );
    const toggled = await changed(fake, 'switch.toggle', { entity_id: 'switch.coffee_machine, switch.tv_socket' });
    assert.deepEqual(
      toggled.map((state) => [state.entity_id, state.state]),
      [
        ['switch.coffee_machine', 'on'],
        ['switch.tv_socket', 'off'],
      ],
    );
    assert.deepEqual(
      (await changed(fake, 'input_boolean.turn_on', { entity_id: 'input_boolean.guest_mode' })).map((s) => s.state),
      ['on'],
    );
    // Already on: HA writes nothing, so nothing is listed.
    assert.deepEqual(await changed(fake, 'input_boolean.turn_on', { entity_id: 'input_boolean.guest_mode' }), []);
    // The recorder keeps the change, under the call's context.
    const contextId = fake.log.serviceCalls[2]?.contextId ?? '';
    const logbook = await fetch(`${fake.rootUrl}/api/logbook?context_id=${contextId}`, { headers: AUTH });
    const entries = (await logbook.json()) as Record<string, unknown>[];
    assert.deepEqual(
      entries.map((entry) => [entry.entity_id, entry.state, entry.context_service]),
      [['input_boolean.guest_mode', 'on', 'turn_on']],
    );
  });

  it('plays, pauses, stops, sets the volume and mutes a media player', GUARD, async () => {
    const fake = await start();
    const tv = { entity_id: 'media_player.living_room_tv' };
    const states: string[] = [];
    for (const action of ['media_pause', 'media_play_pause', 'media_play_pause', 'media_play', 'media_stop']) {
      await post(fake, `media_player.${action}`, tv);
      states.push((await stateOf(fake, tv.entity_id)).state);
    }
    assert.deepEqual(states, ['paused', 'playing', 'paused', 'playing', 'idle']);
    const [volume] = await changed(fake, 'media_player.volume_set', { ...tv, volume_level: 0.6 });
    assert.equal(volume?.attributes.volume_level, 0.6);
    const [muted] = await changed(fake, 'media_player.volume_mute', { ...tv, is_volume_muted: true });
    assert.equal(muted?.attributes.is_volume_muted, true);
    assert.equal(muted?.last_changed, AT);
  });

  it(
    'sets a thermostat, opens and closes a cover, and records scenes and scripts without a change',
    GUARD,
    async () => {
      const fake = await start();
      const [warmer] = await changed(fake, 'climate.set_temperature', {
        entity_id: 'climate.living_room',
        temperature: 22.5,
      });
      assert.deepEqual([warmer?.state, warmer?.attributes.temperature], ['heat', 22.5]);
      // An attribute change leaves last_changed alone.
      assert.notEqual(warmer?.last_changed, AT);
      assert.equal(warmer?.last_updated, AT);
      const [cool] = await changed(fake, 'climate.set_hvac_mode', {
        entity_id: 'climate.living_room',
        hvac_mode: 'cool',
      });
      assert.equal(cool?.state, 'cool');
      assert.equal((await changed(fake, 'cover.open_cover', { entity_id: 'cover.garage_door' }))[0]?.state, 'open');
      assert.equal((await changed(fake, 'cover.close_cover', { entity_id: 'cover.garage_door' }))[0]?.state, 'closed');
      assert.deepEqual(await changed(fake, 'scene.turn_on', { entity_id: 'scene.movie_night' }), []);
      assert.deepEqual(await changed(fake, 'script.turn_on', { entity_id: 'script.good_night' }), []);
      assert.deepEqual(
        fake.log.serviceCalls.slice(-2).map((call) => `${call.domain}.${call.service}`),
        ['scene.turn_on', 'script.turn_on'],
      );
    },
  );

  it('answers {changed_states, service_response} when a response is asked for', GUARD, async () => {
    const fake = await start();
    const answer = await post(
      fake,
      'weather.get_forecasts',
      { entity_id: 'weather.home', type: 'daily' },
      '?return_response',
    );
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.text), {
      changed_states: [],
      service_response: { 'weather.home': { forecast: [] } },
    });
  });
});

describe('fake Home Assistant service calls: targets', () => {
  it('skips missing, unavailable and other-domain targets with HA warning, and still answers 200', GUARD, async () => {
    const fake = await start();
    const states = await changed(fake, 'light.turn_on', {
      entity_id: ['light.kitchen', 'light.nope', 'light.hallway', 'switch.coffee_machine'],
    });
    assert.deepEqual(
      states.map((state) => state.entity_id),
      ['light.kitchen'],
    );
    assert.deepEqual(fake.log.warnings, [
      'Referenced entities light.hallway, light.nope, switch.coffee_machine are missing or not currently available',
    ]);
    assert.deepEqual(await changed(fake, 'light.turn_off', { entity_id: 'light.nope' }), []);
    assert.equal(fake.log.warnings.length, 2);
  });

  it('reaches entities through an area with HA rules (an entity area overrides its device area)', GUARD, async () => {
    const fake = await start();
    const states = await changed(fake, 'switch.turn_on', { area_id: 'bedroom' });
    assert.deepEqual(
      states.map((state) => state.entity_id),
      ['switch.bedroom_fan'],
    );
    assert.deepEqual(await changed(fake, 'switch.turn_on', { area_id: 'nowhere' }), []);
    assert.deepEqual(fake.log.warnings, ['Referenced areas nowhere are missing or not currently available']);
  });
});

describe('fake Home Assistant service calls: scripted faults', () => {
  const ERRORS = { 'light.kitchen': 'validation', 'switch.coffee_machine': 'ha_error' } as const;

  it('answers a raising target with a bare 500 (before core PR #181590), changing nothing', GUARD, async () => {
    const fake = await start({ serviceErrors: ERRORS });
    for (const [action, entityId] of [
      ['light.turn_on', 'light.kitchen'],
      ['switch.turn_on', 'switch.coffee_machine'],
    ] as const) {
      const answer = await post(fake, action, { entity_id: entityId });
      assert.deepEqual([answer.status, answer.text], [500, BARE_500]);
      assert.equal((await stateOf(fake, entityId)).state, 'off');
    }
  });

  it('answers 400 / 500 {"message"} with restServiceErrorsAsJson', GUARD, async () => {
    const fake = await start({ serviceErrors: ERRORS, features: { restServiceErrorsAsJson: true } });
    const validation = await post(fake, 'light.turn_on', { entity_id: ['light.bedroom', 'light.kitchen'] });
    assert.equal(validation.status, 400);
    assert.deepEqual(JSON.parse(validation.text), {
      message: 'Entity light.kitchen does not support action light.turn_on',
    });
    assert.equal((await stateOf(fake, 'light.bedroom')).state, 'off');
    const haError = await post(fake, 'switch.turn_on', { entity_id: 'switch.coffee_machine' });
    assert.equal(haError.status, 500);
    assert.deepEqual(JSON.parse(haError.text), {
      message: 'Failed to perform the action switch.turn_on: switch.coffee_machine is offline',
    });
  });

  it('drops the connection after the effect: the client gets a socket error, the state changed', GUARD, async () => {
    const fake = await start({ dropAfterServiceCall: 'after-effect' });
    await assert.rejects(post(fake, 'light.turn_on', { entity_id: 'light.kitchen' }), TypeError);
    assert.equal(fake.log.serviceCalls.length, 1);
    assert.equal((await stateOf(fake, 'light.kitchen')).state, 'on');
  });

  it('drops the connection before the effect: the client gets a socket error, nothing changed', GUARD, async () => {
    const fake = await start({ dropAfterServiceCall: 'before-effect' });
    await assert.rejects(post(fake, 'light.turn_on', { entity_id: 'light.kitchen' }), TypeError);
    assert.equal(fake.log.serviceCalls.length, 1);
    assert.equal((await stateOf(fake, 'light.kitchen')).state, 'off');
  });

  it('blocks for serviceDelayMs, with the effect already visible while it blocks', GUARD, async () => {
    const fake = await start({ serviceDelayMs: 300 });
    const started = Date.now();
    const answering = post(fake, 'light.turn_on', { entity_id: 'light.kitchen' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal((await stateOf(fake, 'light.kitchen')).state, 'on');
    const answer = await answering;
    assert.equal(answer.status, 200);
    assert.ok(Date.now() - started >= 290, 'the answer waited');
  });
});
