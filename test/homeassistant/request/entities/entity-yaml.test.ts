// Reading Home Assistant's entity YAML: hostile documents (alias bombs, deep nesting) are refused in linear time.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isHearthError } from '../../../../src/common/index.ts';
import { parseEntityYaml } from '../../../../src/homeassistant/request/entities/entity-yaml.ts';

/** An entity whose attributes are `levels` levels of nine aliases each (9^levels leaves). */
function aliasBomb(levels: number): string {
  const lines = [
    '- names: Laughing Lamp',
    '  domain: light',
    '  attributes:',
    '    l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
  ];
  for (let level = 1; level <= levels; level++)
    lines.push(`    l${level}: &l${level} [${Array.from({ length: 9 }, () => `*l${level - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

function refusal(text: string): { code: string; kind: string; message: string } {
  try {
    parseEntityYaml(text);
  } catch (error) {
    assert.ok(isHearthError(error), `a HearthError, not ${String(error)}`);
    return { code: error.code, kind: error.kind, message: error.message };
  }
  assert.fail('the YAML was not refused');
}

describe('parseEntityYaml', () => {
  it('reads names, aliases, areas, state and attributes', () => {
    const result = parseEntityYaml(
      "- names: Kitchen Light, Cooking Light\n  domain: light\n  areas: Kitchen\n  state: 'on'\n  attributes:\n    brightness: 128\n    modes: [a, b]\n",
    );
    assert.deepEqual(result, {
      ok: true,
      entities: [
        {
          name: 'Kitchen Light',
          aliases: ['Cooking Light'],
          domain: 'light',
          areaAliases: [],
          area: 'Kitchen',
          state: 'on',
          attributes: { brightness: 128, modes: '["a","b"]' },
        },
      ],
    });
  });

  it('keeps an alias that repeats a small list (PyYAML writes one for a shared object)', () => {
    const result = parseEntityYaml(
      '- names: A\n  domain: fan\n  attributes:\n    modes: &id001 [low, high]\n- names: B\n  domain: fan\n  attributes:\n    modes: *id001\n',
    );
    assert.ok(result.ok);
    assert.deepEqual(
      result.entities.map((entity) => entity.attributes?.modes),
      ['["low","high"]', '["low","high"]'],
    );
  });

  it('refuses an 8-level alias bomb (43 million leaves) as a 400 naming the aliases, in milliseconds', () => {
    const started = performance.now();
    const { code, kind, message } = refusal(aliasBomb(8));
    assert.equal(kind, 'invalid_request');
    assert.equal(code, 'ENTITY_YAML_REFUSED');
    assert.match(message, /alias/);
    assert.ok(performance.now() - started < 1000, 'refused without expanding');
  });

  it('refuses one big string repeated by aliases (few nodes, much text)', () => {
    const big = 'x'.repeat(10_000);
    const aliases = Array.from({ length: 2000 }, () => '*s').join(', ');
    const { message } = refusal(
      `- names: A\n  domain: light\n  attributes:\n    s: &s ${big}\n    many: [${aliases}]\n`,
    );
    assert.match(message, /alias/);
  });

  it('refuses nesting deeper than the limit, with or without aliases', () => {
    const deep = `- names: A\n  domain: light\n  attributes:\n    deep: ${'['.repeat(40)}${']'.repeat(40)}\n`;
    assert.match(refusal(deep).message, /nest/);
    const nested = (inner: string) => `[[[[[[[[[[[[[[[[[[[[${inner}]]]]]]]]]]]]]]]]]]]]`;
    const viaAliases = `- names: A\n  domain: light\n  attributes:\n    a: &a ${nested('x')}\n    b: ${nested('*a')}\n`;
    assert.match(refusal(viaAliases).message, /nest/);
  });

  it('still reports YAML that does not parse as a problem, not a refusal', () => {
    const result = parseEntityYaml('- names: [unclosed\n  domain: light\n');
    assert.equal(result.ok, false);
  });
});
