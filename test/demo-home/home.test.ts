// Tests of the seeded home generator: determinism, sizes, realism rules, stress options and YAML round trips.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CORE_SCHEMA, load } from 'js-yaml';
import { listedEntities, overviewItems } from '../../src/demo-home/exposed-entities.ts';
import type { Home } from '../../src/demo-home/home-model.ts';
import { generateHome } from '../../src/demo-home/home.ts';
import { dumpHaYaml } from '../../src/demo-home/yaml-dump.ts';
import type { YamlFlavor } from '../../src/demo-home/yaml-scalar-style.ts';

/** Parses the static-context YAML of `home` back and checks names, aliases and areas item by item. */
function assertYamlRoundTrip(home: Home, flavor: YamlFlavor): string {
  const text = dumpHaYaml(overviewItems(home, { includeState: false }), { flavor });
  const parsed = load(text, { schema: CORE_SCHEMA }) as { names: string; domain: string; areas?: string }[];
  const expected = overviewItems(home, { includeState: false });
  assert.equal(parsed.length, expected.length);
  for (const [index, item] of parsed.entries()) assert.deepEqual(item, expected[index], `item ${index}`);
  listedEntities(home).forEach((entity, index) => {
    const item = parsed[index];
    assert.deepEqual(item?.names.split(', '), [entity.name, ...entity.aliases]);
    const area = home.areas.find((candidate) => candidate.name === entity.area);
    assert.equal(item?.areas, area && [area.name, ...area.aliases].join(', '));
  });
  return text;
}

describe('generateHome', () => {
  it('gives the same home for the same seed and a different one for another seed', () => {
    const options = { entities: 200, areas: 12, stress: true };
    assert.deepEqual(generateHome({ ...options, seed: 5 }), generateHome({ ...options, seed: 5 }));
    assert.notDeepEqual(generateHome({ ...options, seed: 5 }), generateHome({ ...options, seed: 6 }));
  });

  it('makes exactly the requested counts (500/30 and 2000/100)', () => {
    for (const [entities, areas] of [
      [500, 30],
      [2000, 100],
    ] as const) {
      const home = generateHome({ entities, areas, seed: 7 });
      assert.equal(home.entities.length, entities);
      assert.equal(home.areas.length, areas);
      assert.equal(
        new Set(home.areas.map((area) => area.name)).size,
        areas,
        'area names are unique (numbered past the pool)',
      );
    }
  });

  it('always has a todo list and a lock without an area', () => {
    for (const seed of [1, 2, 3]) {
      const home = generateHome({ entities: 2, areas: 3, seed });
      assert.ok(home.entities.some((entity) => entity.domain === 'todo' && entity.area === undefined));
      assert.ok(home.entities.some((entity) => entity.domain === 'lock' && entity.area === undefined));
    }
  });

  it('keeps names and entity ids unique, areas valid, ids matching domains', () => {
    const home = generateHome({ entities: 2000, areas: 100, seed: 7 });
    const areaNames = new Set(home.areas.map((area) => area.name));
    assert.equal(new Set(home.entities.map((entity) => entity.name)).size, home.entities.length);
    assert.equal(new Set(home.entities.map((entity) => entity.entityId)).size, home.entities.length);
    for (const entity of home.entities) {
      assert.ok(entity.entityId.startsWith(`${entity.domain}.`), entity.entityId);
      assert.match(entity.entityId, /^[a-z_]+\.[a-z0-9_]+$/);
      if (entity.area !== undefined) assert.ok(areaNames.has(entity.area), entity.area);
    }
  });

  it('looks realistic: mostly lights and sensors, about 8 % aliases, a few unavailable, area aliases', () => {
    const home = generateHome({ entities: 2000, areas: 100, seed: 11 });
    const share = (test: (entity: Home['entities'][number]) => boolean) =>
      home.entities.filter(test).length / home.entities.length;
    assert.ok(share((entity) => entity.domain === 'light') > 0.15);
    assert.ok(share((entity) => entity.domain === 'sensor' && entity.deviceClass === 'temperature') > 0.02);
    const aliasShare = share((entity) => entity.aliases.length > 0);
    assert.ok(aliasShare > 0.04 && aliasShare < 0.12, String(aliasShare));
    assert.ok(share((entity) => entity.state === 'unavailable') > 0.005);
    assert.ok(home.areas.some((area) => area.aliases.length > 0));
    const domains = new Set(home.entities.map((entity) => entity.domain));
    for (const domain of [
      'light',
      'switch',
      'sensor',
      'binary_sensor',
      'cover',
      'climate',
      'media_player',
      'fan',
      'lock',
      'vacuum',
      'todo',
      'weather',
    ]) {
      assert.ok(domains.has(domain), domain);
    }
  });

  it('applies the stress options: long aliases, non-ASCII, YAML-quoted names, duplicate names', () => {
    const home = generateHome({ entities: 500, areas: 30, seed: 7, stress: true });
    assert.ok(home.entities.some((entity) => entity.aliases.length >= 6));
    assert.ok(home.entities.some((entity) => /\P{ASCII}/u.test(entity.name)));
    assert.ok(home.areas.some((area) => /\P{ASCII}/u.test(area.name)));
    assert.ok(home.entities.some((entity) => entity.name === 'On' && entity.aliases.length === 0));
    assert.ok(new Set(home.entities.map((entity) => entity.name)).size < home.entities.length, 'some names repeat');
    const text = dumpHaYaml(overviewItems(home, { includeState: false }));
    assert.match(text, /^- names: 'On'$/m);
    assert.match(text, /^ {4}\S/m, 'a folded continuation line');
  });

  it('rejects impossible sizes', () => {
    assert.throws(() => generateHome({ entities: 1, areas: 3, seed: 1 }), { code: 'DEMO_HOME_INVALID_SIZE' });
  });
});

describe('generated YAML parses back with js-yaml (CORE_SCHEMA)', () => {
  it('round-trips plain homes of 500 and 2000 entities', () => {
    assertYamlRoundTrip(generateHome({ entities: 500, areas: 30, seed: 7 }), 'pyyaml');
    assertYamlRoundTrip(generateHome({ entities: 2000, areas: 100, seed: 7 }), 'pyyaml');
  });

  it('round-trips stressed homes, with folded alias lists and quoted names, in both YAML flavors', () => {
    for (const seed of [1, 2, 3]) {
      const home = generateHome({ entities: 500, areas: 30, seed, stress: true });
      for (const flavor of ['pyyaml', 'libyaml'] as const) {
        const text = assertYamlRoundTrip(home, flavor);
        assert.match(text, /\n {4}\S/, 'has folded lines');
      }
    }
  });
});
