// Reading a sentence's cues: a verb of an intent implies its devices when no device is named, playing ones first.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_RETRIEVAL_SETTINGS,
  entityIndexOf,
  rankEntities,
  readCues,
  retrieve,
} from '../../../src/assist/retrieval/index.ts';
import { createCatalogMemo, type HaRequest } from '../../../src/assist/understand/index.ts';
import { createAssistCaches } from '../../../src/assist/index.ts';
import { createCatalog, type CatalogEntity } from '../../../src/homeassistant/request/index.ts';
import { SILENT_LOGGER } from '../../../src/common/index.ts';

/** name, domain, area, state: a small home with a garden to water and players in three states. */
const ENTITIES: [string, string, string | undefined, string][] = [
  ['Living Room Speaker', 'media_player', 'Living Room', 'idle'],
  ['Living Room Lamp', 'light', 'Living Room', 'on'],
  ['Living Room TV', 'media_player', 'Living Room', 'playing'],
  ['Living Room Thermostat', 'climate', 'Living Room', 'heat'],
  ['Kitchen Speaker', 'media_player', 'Kitchen', 'paused'],
  ['Kitchen Light', 'light', 'Kitchen', 'off'],
  ['Kitchen Blinds', 'cover', 'Kitchen', 'closed'],
  ['Kitchen Door', 'binary_sensor', 'Kitchen', 'off'],
  ['Garden Valve', 'valve', 'Garden', 'closed'],
  ['Lawn Sprinkler', 'switch', 'Garden', 'off'],
  ['Garden Outlet', 'switch', 'Garden', 'on'],
  ['Robot Mower', 'lawn_mower', 'Garden', 'docked'],
  ['Robot Vacuum', 'vacuum', 'Hall', 'docked'],
  ['Front Door', 'lock', undefined, 'unlocked'],
  ['Bedroom Radiator', 'climate', 'Bedroom', 'off'],
  ['Bedroom Lamp', 'light', 'Bedroom', 'off'],
  ['Bedroom Shutters', 'cover', 'Bedroom', 'closed'],
];

function entitiesOf(withState: boolean): CatalogEntity[] {
  return ENTITIES.map(([name, domain, area, state]) => ({
    name,
    aliases: [],
    domain,
    areaAliases: [],
    ...(area === undefined ? {} : { area }),
    ...(withState ? { state } : {}),
  }));
}

const STATELESS = createCatalog('static-context', entitiesOf(false));
const WITH_STATE = createCatalog('static-context', entitiesOf(true));

/** The names ranked for `text`, best first, with the catalogue's own states when it has them. */
function ranked(text: string, catalog = STATELESS): string[] {
  const index = entityIndexOf(catalog, createCatalogMemo());
  const stateOf = (position: number) => catalog.entities[position]?.state;
  return rankEntities(index, readCues(index, text), { stateOf }).map((entry) => catalog.entities[entry.index]!.name);
}

function impliedDomains(text: string): string[] {
  const index = entityIndexOf(STATELESS, createCatalogMemo());
  return [...readCues(index, text).implied.domains];
}

const PLAYERS = ['Living Room Speaker', 'Living Room TV', 'Kitchen Speaker'];

describe('verbs that imply devices', () => {
  const cases: [string, string[]][] = [
    ['skip this song', ['media_player']],
    ['next', ['media_player']],
    ['go back', ['media_player']],
    ['previous track', ['media_player']],
    ['unpause', ['media_player']],
    ['resume', ['media_player']],
    ['louder', ['media_player']],
    ['turn it up', ['media_player']],
    ['water the lawn', ['valve']],
    ['stop the sprinklers', ['valve']],
    ['start watering the garden', ['valve']],
    ['warm up the living room', ['climate']],
    ['heat the bedroom', ['climate']],
    ['clean the kitchen', ['vacuum']],
    ['mow the lawn', ['lawn_mower']],
    ['lock up', ['lock']],
    ['open up', ['cover']],
    ['let some light in', ['cover']],
  ];
  for (const [text, domains] of cases)
    it(`"${text}" implies ${domains.join(', ')}`, () => assert.deepEqual(impliedDomains(text), domains));

  it('"skip this song" selects the media players, and only them', () => {
    assert.deepEqual(new Set(ranked('skip this song')), new Set(PLAYERS));
  });

  it('"water the lawn" selects the valve and the irrigation switch, not the garden socket', () => {
    assert.deepEqual(ranked('water the lawn').slice(0, 2), ['Lawn Sprinkler', 'Garden Valve']);
    assert.ok(!ranked('water the lawn').includes('Garden Outlet'));
  });

  it('puts the devices of the area named first: "warm up the bedroom", "let some light in, in the kitchen"', () => {
    assert.equal(ranked('warm up the bedroom')[0], 'Bedroom Radiator');
    assert.equal(ranked('let some light in, in the kitchen')[0], 'Kitchen Blinds');
  });

  it('sends a vacuum standing elsewhere to the area named: "clean the kitchen"', () => {
    assert.equal(ranked('clean the kitchen')[0], 'Robot Vacuum');
  });

  it('finds the one mower and the one lock: "mow the lawn", "lock up"', () => {
    // The sprinkler says "lawn" in its name; the verb still brings the mower.
    assert.ok(ranked('mow the lawn').slice(0, 2).includes('Robot Mower'));
    assert.deepEqual(ranked('lock up'), ['Front Door']);
  });

  it("keeps today's ranking when a device word or a named device says what is meant", () => {
    for (const text of ['skip on the kitchen speaker', 'turn up the bedroom radiator', 'open the kitchen blinds'])
      assert.deepEqual(impliedDomains(text), [], text);
    assert.equal(ranked('turn it up on the Living Room TV')[0], 'Living Room TV');
    assert.deepEqual(impliedDomains('turn it up on the Living Room TV'), []);
  });

  it('ranks the players by state when the catalogue has states: playing, then paused, then idle', () => {
    assert.deepEqual(ranked('skip this song', WITH_STATE), [
      'Living Room TV',
      'Kitchen Speaker',
      'Living Room Speaker',
    ]);
    assert.deepEqual(ranked('unpause', WITH_STATE), ['Kitchen Speaker', 'Living Room TV', 'Living Room Speaker']);
  });
});

describe('retrieve with states', () => {
  function requestFor(text: string, liveContext?: readonly CatalogEntity[]): HaRequest {
    return {
      catalog: STATELESS,
      ...(liveContext === undefined ? {} : { liveContext: createCatalog('live-context', liveContext) }),
      tools: [],
      history: { entries: [], currentUserIndex: 0, activeRounds: [], orphanResults: [] },
      userText: text,
      imageCount: 0,
      floors: [],
      floorNames: new Map(),
      floorAreas: [],
    };
  }

  async function names(request: HaRequest): Promise<string[]> {
    const retrieved = await retrieve({
      request,
      settings: DEFAULT_RETRIEVAL_SETTINGS,
      caches: createAssistCaches(2),
      logger: SILENT_LOGGER,
    });
    return retrieved.entities.map((entity) => entity.name);
  }

  it('takes the states of the newest GetLiveContext result when the prompt carries none', async () => {
    assert.deepEqual(await names(requestFor('next please')), PLAYERS);
    const live = entitiesOf(true).filter((entity) => entity.domain === 'media_player');
    assert.deepEqual(await names(requestFor('next please', live)), [
      'Living Room TV',
      'Kitchen Speaker',
      'Living Room Speaker',
    ]);
  });
});
