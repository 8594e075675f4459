// Finding and reading the Static Context YAML in a system prompt.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCatalogCache } from '../../../../src/assist/index.ts';
import { OVERVIEW_HEADER } from '../../../../src/homeassistant/request/prompt/prompt-text.ts';
import { extractOverviewYaml, readStaticContext } from '../../../../src/homeassistant/request/prompt/static-context.ts';

const HEADER = `Static Context: ${OVERVIEW_HEADER}`;

function prompt(yaml: string, after = ''): string {
  return `You are a voice assistant for Home Assistant.\n${HEADER}\n${yaml}${after}`;
}

describe('readStaticContext', () => {
  it('reads a folded alias list and quoted names with a real YAML parser', () => {
    const yaml = [
      '- names: Living Room Ceiling Light, Big Light, Main Light, Overhead Light, The Light',
      '    Above The Sofa, Lamp Thing',
      '  domain: light',
      '  areas: Living Room, Lounge',
      "- names: 'On'",
      '  domain: switch',
      "- names: '#1 light, Küche Licht'",
      '  domain: light',
      '  areas: Küche',
      '',
    ].join('\n');
    const result = readStaticContext(prompt(yaml));
    assert.equal(result.kind, 'found');
    assert.ok(result.kind === 'found');
    assert.deepEqual(
      result.catalog.entities.map((e) => [e.name, e.aliases, e.area ?? null]),
      [
        [
          'Living Room Ceiling Light',
          ['Big Light', 'Main Light', 'Overhead Light', 'The Light Above The Sofa', 'Lamp Thing'],
          'Living Room',
        ],
        ['On', [], null],
        ['#1 light', ['Küche Licht'], 'Küche'],
      ],
    );
  });

  it('stops at the blank line before the date line and at an extra system prompt', () => {
    const yaml = '- names: Lamp\n  domain: light\n';
    assert.equal(
      extractOverviewYaml(prompt(yaml, "\nCurrent time is 08:15:42. Today's date is 2025-11-20."), OVERVIEW_HEADER),
      yaml,
    );
    assert.equal(
      extractOverviewYaml(prompt(yaml, 'Always answer in German.\n- a list the user wrote'), OVERVIEW_HEADER),
      yaml,
    );
  });

  it('reads the older header without "Static Context:" and with state and attributes', () => {
    const text = `${OVERVIEW_HEADER}\n- names: Lamp\n  domain: light\n  state: 'on'\n  attributes:\n    brightness: '128'\n`;
    const result = readStaticContext(text);
    assert.ok(result.kind === 'found');
    assert.equal(result.catalog.hasState, true);
    assert.deepEqual(result.catalog.entities[0]?.attributes, { brightness: '128' });
  });

  it('says absent when there is no overview, and empty when the overview lists nothing', () => {
    assert.deepEqual(readStaticContext('You are a helpful assistant.'), { kind: 'absent' });
    const empty = readStaticContext(`${HEADER}\n`);
    assert.ok(empty.kind === 'found');
    assert.equal(empty.catalog.entities.length, 0);
  });

  it('reports unreadable YAML and a wrong shape with the reason, not a crash', () => {
    const broken = readStaticContext(prompt('- names: [Lamp\n  domain: light\n'));
    assert.equal(broken.kind, 'unreadable');
    const shape = readStaticContext(prompt('- names: Lamp\n'));
    assert.equal(shape.kind, 'unreadable');
    assert.ok(shape.kind === 'unreadable' && shape.problem.includes('domain'));
  });

  it('returns the cached catalogue for the same YAML', () => {
    const cache = createCatalogCache(2);
    const text = prompt('- names: Lamp\n  domain: light\n');
    const first = readStaticContext(text, { cache });
    const second = readStaticContext(text, { cache });
    assert.ok(first.kind === 'found' && second.kind === 'found');
    assert.equal(second.catalog, first.catalog);
  });
});

describe('YAML 1.1 resolution of entity YAML', () => {
  it('keeps names that YAML 1.2 would read as numbers, and reads 1.1 scalars as PyYAML does', () => {
    const yaml = [
      '- names: 1e3',
      '  domain: sensor',
      "  state: '1_000'",
      '  attributes:',
      '    a: 0o17',
      '    b: 21.0',
      '    c: 1_000',
      '    d: 017',
      '    e: 1:30',
      '    f: yes',
      '    g: ~',
      '    h: .inf',
      '    i: 0x1F',
      '    j: 2026-03-14',
      '',
    ].join('\n');
    const result = readStaticContext(prompt(yaml));
    assert.ok(result.kind === 'found');
    const entity = result.catalog.entities[0]!;
    assert.equal(entity.name, '1e3');
    assert.equal(entity.state, '1_000');
    assert.deepEqual(entity.attributes, {
      a: '0o17',
      b: 21,
      c: 1000,
      d: 15,
      e: 90,
      f: true,
      g: null,
      h: Infinity,
      i: 31,
      j: '2026-03-14',
    });
  });
});
