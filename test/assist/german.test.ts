// HA-Assist in German through the app, with Home Assistant's German grammar (`intents.path`): exact matches,
// conservative repairs, and the sentences that must be neither repaired nor acted on.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness, type Harness } from '../server/app-harness.ts';
import { ask, type Answer } from './ask-app.ts';
import { buildHaRequest, pyFloat, type Entity, type Home } from '../../src/homeassistant/request/index.ts';
import { officialGrammar } from '../fixtures/grammar.ts';

/** An entity of the German home; its domain is read from the entity id. */
function entity(entityId: string, name: string, area: string | undefined, state: string, more: Partial<Entity> = {}) {
  const domain = entityId.split('.')[0]!;
  return {
    entityId,
    name,
    aliases: [],
    domain,
    ...(area === undefined ? {} : { area }),
    state,
    attributes: {},
    ...more,
  };
}

/** A small German home: three areas, lights, a shutter, a heating, a switch, a fan, a TV and a lock. */
const GERMAN_HOME: Home = {
  areas: [
    { name: 'Wohnzimmer', aliases: [] },
    { name: 'Küche', aliases: [] },
    { name: 'Schlafzimmer', aliases: [] },
  ],
  entities: [
    entity('light.deckenlampe', 'Deckenlampe', 'Wohnzimmer', 'on', {
      attributes: { color_mode: 'brightness', brightness: 255 },
    }),
    entity('light.stehlampe', 'Stehlampe', 'Wohnzimmer', 'off'),
    entity('light.kuechenlicht', 'Küchenlicht', 'Küche', 'on'),
    entity('light.nachttischlampe', 'Nachttischlampe', 'Schlafzimmer', 'off'),
    entity('cover.rollladen_wohnzimmer', 'Rollladen Wohnzimmer', 'Wohnzimmer', 'open', {
      deviceClass: 'shutter',
      attributes: { current_position: 100 },
    }),
    entity('climate.heizung', 'Heizung', 'Wohnzimmer', 'heat', {
      attributes: { current_temperature: 20.5, temperature: pyFloat(21) },
    }),
    entity('switch.kaffeemaschine', 'Kaffeemaschine', 'Küche', 'off'),
    entity('fan.deckenventilator', 'Deckenventilator', 'Schlafzimmer', 'off'),
    entity('media_player.fernseher', 'Fernseher', 'Wohnzimmer', 'on'),
    entity('lock.haustuer', 'Haustür', undefined, 'locked'),
  ],
};

const GERMAN = officialGrammar('de');

function askGerman(harness: Harness, userText: string): Promise<Answer> {
  return ask(harness, buildHaRequest(GERMAN_HOME, { userText, era: '2026' }));
}

function assertDirect(harness: Harness, answer: Answer): void {
  assert.equal((answer.metrics.ha_route as { inference_calls: number }).inference_calls, 0, 'no model call');
  assert.equal(harness.gemma.turns.length + harness.vision.turns.length, 0, 'no model was called');
}

function callsOf(answer: Answer): [string, unknown][] {
  return answer.calls.map((call) => [call.name, JSON.parse(call.arguments)]);
}

type CallRow = readonly [sentence: string, tool: string, args: Record<string, unknown>];

// Home Assistant's German test sentences (test/data/ha-intents/tests/de/<intent>/<file>), with this home's names.
const EXACT: readonly CallRow[] = [
  // HassTurnOff/name_area: "schalte die Stehlampe im Schlafzimmer aus"
  [
    'schalte die Deckenlampe im Wohnzimmer aus',
    'HassTurnOff',
    { name: 'Deckenlampe', area: 'Wohnzimmer', domain: ['light'] },
  ],
  // HassTurnOn/name_only: "schalt die Schlafzimmerlampe ein", "mach die Schlafzimmerlampe an", …
  ['schalt die Stehlampe ein', 'HassTurnOn', { name: 'Stehlampe', domain: ['light'] }],
  ['mach die Nachttischlampe an', 'HassTurnOn', { name: 'Nachttischlampe', domain: ['light'] }],
  ['die Kaffeemaschine einschalten', 'HassTurnOn', { name: 'Kaffeemaschine', domain: ['switch'] }],
  ['Deckenventilator anmachen', 'HassTurnOn', { name: 'Deckenventilator', domain: ['fan'] }],
  // HassTurnOff/name_only: "dreh die Schlafzimmerlampe ab", "Schlafzimmerlampe aus", …
  ['dreh die Nachttischlampe ab', 'HassTurnOff', { name: 'Nachttischlampe', domain: ['light'] }],
  ['Küchenlicht aus', 'HassTurnOff', { name: 'Küchenlicht', domain: ['light'] }],
  ['deaktiviere den Deckenventilator', 'HassTurnOff', { name: 'Deckenventilator', domain: ['fan'] }],
  ['Rollladen Wohnzimmer schließen', 'HassTurnOff', { name: 'Rollladen Wohnzimmer', domain: ['cover'] }],
  // A skip word of the grammar ("bitte") is no slip.
  ['Schalte bitte das Küchenlicht aus', 'HassTurnOff', { name: 'Küchenlicht', domain: ['light'] }],
  // HassTurnOn/area_domain, HassTurnOff/area_domain
  ['Schalte das Licht in der Küche an', 'HassTurnOn', { area: 'Küche', domain: ['light'] }],
  ['Licht in der Küche aus', 'HassTurnOff', { area: 'Küche', domain: ['light'] }],
  ['schalte alle Lichter im Wohnzimmer aus', 'HassTurnOff', { area: 'Wohnzimmer', domain: ['light'] }],
  // HassLightSet/name_brightness
  ['Dimme die Deckenlampe auf 10 Prozent', 'HassLightSet', { name: 'Deckenlampe', domain: ['light'], brightness: 10 }],
  [
    'Setze die Helligkeit der Deckenlampe auf 10%',
    'HassLightSet',
    { name: 'Deckenlampe', domain: ['light'], brightness: 10 },
  ],
  // HassClimateSetTemperature/name_temperature, area_temperature
  ['Setze die Temperatur Heizung auf 25 Grad', 'HassClimateSetTemperature', { name: 'Heizung', temperature: 25 }],
  ['Heizung im Wohnzimmer auf 30 Grad', 'HassClimateSetTemperature', { area: 'Wohnzimmer', temperature: 30 }],
  [
    'Die Temperatur im Wohnzimmer auf 30 ° stellen',
    'HassClimateSetTemperature',
    { area: 'Wohnzimmer', temperature: 30 },
  ],
  // HassGetState/name_state: "ist die Küchenlampe an" reads live state first
  ['ist die Stehlampe an', 'GetLiveContext', {}],
  // HassGetCurrentTime
  ['wie spät ist es', 'GetDateTime', {}],
];

type RepairRow = readonly [sentence: string, repaired: string, tool: string, args: Record<string, unknown>];

const REPAIRED: readonly RepairRow[] = [
  // One misspelt name (fuzzy repair).
  [
    'Schalte das Kühenlicht aus',
    'Schalte das Küchenlicht aus',
    'HassTurnOff',
    { name: 'Küchenlicht', domain: ['light'] },
  ],
  [
    'Schalte das Kuchenlicht aus',
    'Schalte das Küchenlicht aus',
    'HassTurnOff',
    { name: 'Küchenlicht', domain: ['light'] },
  ],
  [
    'Mach das Licht im Wohnzimer an',
    'Mach das Licht im Wohnzimmer an',
    'HassTurnOn',
    { area: 'Wohnzimmer', domain: ['light'] },
  ],
  // Slips in the frame (skeleton repair): an article exchanged, a misspelt article, a doubled preposition,
  // a polarity particle with a doubled letter.
  [
    'Schalte das Licht in den Küche aus',
    'schalte das Licht in Küche aus',
    'HassTurnOff',
    { area: 'Küche', domain: ['light'] },
  ],
  [
    'Schalte dass Küchenlicht aus',
    'schalte das Küchenlicht aus',
    'HassTurnOff',
    { name: 'Küchenlicht', domain: ['light'] },
  ],
  [
    'Mach das Licht im im Wohnzimmer an',
    'mach das Licht im Wohnzimmer an',
    'HassTurnOn',
    { area: 'Wohnzimmer', domain: ['light'] },
  ],
  [
    'Schalte das Küchenlicht auss',
    'schalte das Küchenlicht aus',
    'HassTurnOff',
    { name: 'Küchenlicht', domain: ['light'] },
  ],
  [
    'Schalte das Küchenlicht ann',
    'schalte das Küchenlicht an',
    'HassTurnOn',
    { name: 'Küchenlicht', domain: ['light'] },
  ],
];

type RefusalRow = readonly [sentence: string, reason: string, why: string];

const REFUSED: readonly RefusalRow[] = [
  ['Setze die Deckenlampe auf 50 Grad', 'unit-changed', 'a brightness in degrees is not a brightness in percent'],
  ['Deckenlampe auf 50 Grad', 'unit-changed', 'nor is it a bare brightness'],
  ['Mach das Küchenlicht as', 'unknown-polarity', '"as" is as close to "an" as to "aus"'],
  ['Schalte das Küchenlicht', 'unknown-polarity', 'a separable verb without its particle says neither on nor off'],
  ['Schalte die Stehlampe im Wohnzimmer aus aus', 'word-changed', 'a polarity word is never dropped'],
  ['Wenn es dunkel ist schalte das Küchenlicht an', 'condition', 'a condition is for the model'],
  ['Mach das Licht im Wohnzimmer heller', 'relative', '"heller" is relative'],
];

describe("HA-Assist in German with Home Assistant's grammar (intents.path)", () => {
  describe('exact matches of Home Assistant test sentences (0 model calls)', () => {
    for (const [sentence, tool, args] of EXACT)
      it(`"${sentence}" → ${tool}`, async () => {
        const harness = createHarness({ grammar: GERMAN });
        const answer = await askGerman(harness, sentence);
        assertDirect(harness, answer);
        assert.deepEqual(callsOf(answer), [[tool, args]]);
        assert.equal(answer.metrics.ha_intent?.match, 'exact');
      });

    it('"vergiss es" → HassNevermind, answered without a call', async () => {
      const harness = createHarness({ grammar: GERMAN });
      const answer = await askGerman(harness, 'vergiss es');
      assertDirect(harness, answer);
      assert.deepEqual(answer.calls, []);
      assert.equal(answer.metrics.ha_intent?.intent, 'HassNevermind');
    });
  });

  describe('a misspelt name or a slip in a function word, repaired (0 model calls)', () => {
    for (const [sentence, repaired, tool, args] of REPAIRED)
      it(`"${sentence}" → "${repaired}"`, async () => {
        const harness = createHarness({ grammar: GERMAN });
        const answer = await askGerman(harness, sentence);
        assertDirect(harness, answer);
        assert.deepEqual(callsOf(answer), [[tool, args]]);
        assert.equal(answer.metrics.ha_intent?.match, 'repaired');
        assert.equal(answer.metrics.ha_intent?.repaired_text, repaired);
      });
  });

  describe('negated requests: never repaired, never acted on', () => {
    for (const sentence of [
      'Schalte das Küchenlicht nicht aus',
      'Schalte das Kühenlicht nicht aus',
      'Mach die Deckenlampe nie wieder an',
      'Schalte kein Licht aus',
    ]) {
      it(`"${sentence}" without a model → no call, "nothing was done" in German`, async () => {
        const harness = createHarness({ grammar: GERMAN, withoutTextModel: true });
        const answer = await askGerman(harness, sentence);
        assertDirect(harness, answer);
        assert.deepEqual(answer.calls, []);
        assert.equal(answer.content, 'OK, ich mache nichts.');
      });

      it(`"${sentence}" with a model → handed over as negated, no call of HA-Assist's own`, async () => {
        const harness = createHarness({ grammar: GERMAN });
        const answer = await askGerman(harness, sentence);
        assert.deepEqual(answer.calls, []);
        assert.equal(harness.gemma.turns.length, 1);
        assert.equal(answer.metrics.ha_plan?.generative_reason, 'the request is negated');
      });
    }

    it('a negated question has no plain answer without a model: it goes to the model', async () => {
      const harness = createHarness({ grammar: GERMAN });
      const answer = await askGerman(harness, 'Ist das Küchenlicht nicht an?');
      assert.deepEqual(answer.calls, []);
      assert.equal(harness.gemma.turns.length, 1);
      assert.deepEqual(answer.metrics.ha_intent, { match: 'none', recognize_ms: 0 }, 'not repaired either');
    });
  });

  describe('a changed unit, a polarity word in doubt, a condition: refused, handed to the model', () => {
    for (const [sentence, reason, why] of REFUSED)
      it(`"${sentence}" → refused (${reason}): ${why}`, async () => {
        const harness = createHarness({ grammar: GERMAN });
        const answer = await askGerman(harness, sentence);
        assert.deepEqual(answer.calls, []);
        assert.equal(answer.metrics.ha_intent?.match, 'none');
        assert.equal((answer.metrics.ha_intent?.repair as { refused: string }).refused, reason);
        assert.equal(harness.gemma.turns.length, 1);
      });

    it('"Schließe das Küchenlicht" (a cover\'s verb for a light) → no repair, no call', async () => {
      const harness = createHarness({ grammar: GERMAN });
      const answer = await askGerman(harness, 'Schließe das Küchenlicht');
      assert.deepEqual(answer.calls, []);
      assert.equal(answer.metrics.ha_intent?.match, 'none');
      assert.equal(harness.gemma.turns.length, 1);
    });
  });
});
