// Requests built by the synthetic-home generator come back out of request understanding unchanged.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeChatRequest } from '../../../src/openai/index.ts';
import { understandRequest } from '../../../src/assist/index.ts';
import {
  buildHaRequest,
  buildToolFollowUp,
  compareCodePoints,
  renderLiveContext,
  type Home,
} from '../../../src/homeassistant/request/index.ts';
import { generateHome } from '../../fixtures/homes/index.ts';

function areaAliases(home: Home, area: string | undefined): readonly string[] {
  return home.areas.find((candidate) => candidate.name === area)?.aliases ?? [];
}

function expectedEntities(home: Home) {
  return home.entities
    .filter((entity) => entity.domain !== 'script' && entity.domain !== 'calendar')
    .sort((a, b) => compareCodePoints(a.name, b.name))
    .map((entity) => [
      entity.name,
      [...entity.aliases],
      entity.domain,
      entity.area,
      [...areaAliases(home, entity.area)],
    ]);
}

const CASES: [string, Home][] = [
  ['500 entities / 30 areas', generateHome({ entities: 500, areas: 30, seed: 7 })],
  ['2,000 entities / 100 areas', generateHome({ entities: 2000, areas: 100, seed: 11 })],
  [
    'stressed: long folded aliases, non-ASCII, YAML-quoted and duplicate names',
    generateHome({ entities: 400, areas: 20, seed: 3, stress: true }),
  ],
];

describe('understanding synthetic homes', () => {
  for (const [name, home] of CASES) {
    it(`reads every entity of ${name} exactly`, () => {
      for (const era of ['2025', '2026'] as const) {
        const request = understandRequest(
          decodeChatRequest(buildHaRequest(home, { userText: 'Turn on the lights', era })),
        );
        const entities = request.catalog?.entities.map((e) => [
          e.name,
          [...e.aliases],
          e.domain,
          e.area,
          [...e.areaAliases],
        ]);
        assert.deepEqual(entities, expectedEntities(home));
      }
    });
  }

  it('reads the live state of a stressed home from a GetLiveContext result', () => {
    const [, home] = CASES[2]!;
    const first = buildHaRequest(home, { userText: 'Is anything on?', era: '2026' });
    const body = buildToolFollowUp(first, [
      { id: 'call_live', name: 'GetLiveContext', arguments: '{}', result: renderLiveContext(home) },
    ]);
    const live = understandRequest(decodeChatRequest(body)).liveContext;
    assert.ok(live);
    // Duplicate names are part of the stress, so compare (name, state) pairs as sorted lists.
    const pairs = (list: { name: string; state?: string }[]) => list.map((e) => `${e.name}\u0000${e.state}`).sort();
    const listed = home.entities.filter((entity) => entity.domain !== 'script' && entity.domain !== 'calendar');
    assert.deepEqual(pairs([...live.entities]), pairs(listed));
    assert.ok(
      live.entities.some((e) => e.state === 'unavailable'),
      'some entities are unavailable',
    );
  });
});
