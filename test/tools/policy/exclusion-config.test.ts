// The exclusion configuration: defaults, validation naming the key, and RE2 patterns a hostile config cannot hang.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseExclusionConfig, type Exclusions } from '../../../src/tools/index.ts';

function parsed(raw: unknown): Exclusions {
  const result = parseExclusionConfig(raw);
  assert.equal(result.kind, 'ok', JSON.stringify(result));
  return (result as { exclusions: Exclusions }).exclusions;
}

describe('parseExclusionConfig: defaults', () => {
  it('excludes lock, alarm_control_panel and camera and the label sensitive when nothing is configured', () => {
    const exclusions = parsed({});
    assert.deepEqual(exclusions.domains, ['lock', 'alarm_control_panel', 'camera']);
    assert.deepEqual(exclusions.labels, ['sensitive']);
    assert.deepEqual(exclusions.areas, []);
    assert.deepEqual(exclusions.patterns, []);
  });

  it('lets a configuration remove a default domain and lowercases area and label ids', () => {
    const exclusions = parsed({ domains: ['camera'], areas: [' Bedroom '], labels: ['Private'] });
    assert.deepEqual(exclusions.domains, ['camera']);
    assert.deepEqual(exclusions.areas, ['bedroom']);
    assert.deepEqual(exclusions.labels, ['private']);
  });
});

describe('parseExclusionConfig: a bad configuration names its key', () => {
  const rows: { name: string; raw: unknown; key: string; message: RegExp }[] = [
    { name: 'an unknown key', raw: { domain: ['lock'] }, key: 'domain', message: /domain/ },
    { name: 'a domain with a dot', raw: { domains: ['lock.front'] }, key: 'domains.0', message: /must be a domain/ },
    { name: 'a list that is a string', raw: { areas: 'kitchen' }, key: 'areas', message: /array/ },
    { name: 'an empty label', raw: { labels: ['ok', '  '] }, key: 'labels.1', message: /must not be empty/ },
    {
      name: 'a pattern RE2 cannot run (lookahead)',
      raw: { patterns: ['ok', '(?=x)'] },
      key: 'patterns.1',
      message: /RE2/,
    },
    { name: 'a backreference', raw: { patterns: ['(a)\\1'] }, key: 'patterns.0', message: /RE2/ },
    { name: 'an unbalanced pattern', raw: { patterns: ['sensor\\.(x'] }, key: 'patterns.0', message: /RE2/ },
    { name: 'a pattern too long', raw: { patterns: ['a'.repeat(501)] }, key: 'patterns.0', message: /at most 500/ },
    { name: 'not an object', raw: ['lock'], key: '(root)', message: /object/ },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const result = parseExclusionConfig(row.raw);
      assert.equal(result.kind, 'invalid');
      if (result.kind !== 'invalid') return;
      assert.equal(result.key, row.key);
      assert.match(result.message, row.message);
    });
  }
});

describe('parseExclusionConfig: patterns', () => {
  it('match the whole entity id, not a part of it', () => {
    const [pattern] = parsed({ patterns: ['sensor\\..*_bedroom'] }).patterns;
    const rows: [string, boolean][] = [
      ['sensor.temperature_bedroom', true],
      ['sensor.temperature_bedroom_2', false],
      ['binary_sensor.x_bedroom', false],
      ['xsensor.a_bedroom', false],
    ];
    for (const [id, expected] of rows) assert.equal(pattern!.matches(id), expected, id);
  });

  it('a catastrophic-backtracking pattern runs on a long id in linear time', () => {
    const [pattern] = parsed({ patterns: ['(a+)+$', '(a|aa)*b'] }).patterns;
    const id = `${'a'.repeat(100_000)}!`;
    const started = performance.now();
    assert.equal(pattern!.matches(id), false);
    assert.ok(performance.now() - started < 2000, 'a backtracking engine would take years here');
  });
});
