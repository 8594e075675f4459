// policy.json: the document's defaults, never-available entries refused at parse, strict keys, lines, and round trips.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DEFAULT_POLICY,
  DEFAULT_POLICY_TEXT,
  NEVER_AVAILABLE,
  type Policy,
  type PolicyParse,
  parsePolicy,
  serializePolicy,
} from '../../../src/tools/index.ts';

/** A policy.json text: version 1, `services`, and `fields` merged in. */
function file(services: unknown[], fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ version: 1, services, ...fields });
}

const quiet = (service: string) => ({ service, class: 'quiet' });

function parsed(text: string): Policy {
  const result = parsePolicy(text);
  assert.equal(result.kind, 'ok', JSON.stringify(result));
  return (result as { policy: Policy }).policy;
}

function invalid(text: string): Extract<PolicyParse, { kind: 'invalid' }> {
  const result = parsePolicy(text);
  assert.equal(result.kind, 'invalid', 'the file should be refused');
  return result as Extract<PolicyParse, { kind: 'invalid' }>;
}

describe('the default policy', () => {
  it("is the document's table exactly, and notify is not on it", () => {
    const q = (domain: string, services: string[]) =>
      services.map((s) => ({ service: `${domain}.${s}`, class: 'quiet' }));
    const confirmed = ['climate.set_temperature', 'climate.set_hvac_mode', 'scene.turn_on', 'script.turn_on'];
    assert.deepEqual(DEFAULT_POLICY.services, [
      ...q('light', ['turn_on', 'turn_off', 'toggle']),
      ...q('switch', ['turn_on', 'turn_off', 'toggle']),
      { service: 'input_boolean.*', class: 'quiet' },
      ...q('media_player', [
        'media_play',
        'media_pause',
        'media_play_pause',
        'media_stop',
        'media_next_track',
        'media_previous_track',
        'volume_up',
        'volume_down',
        'volume_set',
        'volume_mute',
      ]),
      ...confirmed.map((service) => ({ service, class: 'confirmed' })),
    ]);
    assert.ok(!DEFAULT_POLICY.services.some((entry) => entry.service.startsWith('notify.')));
    assert.deepEqual(DEFAULT_POLICY.exclusions.domains, ['lock', 'alarm_control_panel', 'camera']);
    assert.deepEqual(DEFAULT_POLICY.exclusions.labels, ['sensitive']);
    assert.deepEqual(DEFAULT_POLICY.exclusions.areas, []);
    assert.deepEqual(DEFAULT_POLICY.exclusions.patterns, []);
    assert.equal(DEFAULT_POLICY.maxEntities, 5);
  });

  it('is written as DEFAULT_POLICY_TEXT, which parses back to it and ends with a newline', () => {
    assert.ok(DEFAULT_POLICY_TEXT.endsWith('}\n'));
    const policy = parsed(DEFAULT_POLICY_TEXT);
    assert.deepEqual(policy.services, DEFAULT_POLICY.services);
    assert.equal(serializePolicy(policy), DEFAULT_POLICY_TEXT);
  });

  it('applies the default exclusions and limit to a file that only lists services', () => {
    const policy = parsed(file([quiet('light.turn_on')]));
    assert.equal(serializePolicy({ ...DEFAULT_POLICY, services: policy.services }), serializePolicy(policy));
  });
});

describe('never-available entries are refused when the file is read', () => {
  // Every row of the table, as an exact service and, for a whole domain, as `domain.*`.
  const names = NEVER_AVAILABLE.flatMap((rule) => {
    if (rule.match === 'domain') return [`${rule.domain}.*`, `${rule.domain}.turn_on`].map((name) => [name, rule.why]);
    if (rule.match === 'service') return [[`light.${rule.service}`, rule.why]];
    return [[`input_boolean.${rule.prefix}all`, rule.why]];
  });
  for (const [name, why] of names) {
    it(name!, () => {
      const result = invalid(file([quiet('light.turn_on'), quiet('switch.toggle'), quiet(name!)]));
      assert.equal(result.key, 'services.2.service');
      assert.equal(result.message, `${name} is never available: ${why}`);
    });
  }

  for (const name of ['input_boolean.*', 'cover.*', 'notify.notify', 'cover.open_cover', 'automation.trigger'])
    it(`accepts ${name}, whose dangerous calls are refused per call`, () => {
      assert.deepEqual(parsed(file([quiet(name)])).services, [quiet(name)]);
    });
});

describe('a bad file names its key', () => {
  const rows: { name: string; text: string; key: string; message: RegExp }[] = [
    { name: 'an unknown key at the top', text: file([], { notes: 'x' }), key: 'notes', message: /not a known key/ },
    {
      name: 'an unknown key in an entry',
      text: file([{ ...quiet('light.turn_on'), confirm: false }]),
      key: 'services.0.confirm',
      message: /not a known key/,
    },
    {
      name: 'an unknown key in exclude',
      text: file([], { exclude: { domain: [] } }),
      key: 'exclude.domain',
      message: /known/,
    },
    { name: 'the camelCase spelling', text: file([], { maxEntities: 3 }), key: 'maxEntities', message: /known/ },
    { name: 'version 2', text: JSON.stringify({ version: 2, services: [] }), key: 'version', message: /must be 1/ },
    { name: 'no version', text: JSON.stringify({ services: [] }), key: 'version', message: /must be 1/ },
    { name: 'no services', text: JSON.stringify({ version: 1 }), key: 'services', message: /array/ },
    {
      name: 'a service listed twice, even with another class',
      text: file([quiet('light.turn_on'), quiet('switch.toggle'), { service: 'light.turn_on', class: 'confirmed' }]),
      key: 'services.2.service',
      message: /light\.turn_on is listed twice/,
    },
    {
      name: 'an unknown class',
      text: file([{ service: 'light.turn_on', class: 'loud' }]),
      key: 'services.0.class',
      message: /quiet or confirmed/,
    },
    {
      name: 'no class',
      text: file([{ service: 'light.turn_on' }]),
      key: 'services.0.class',
      message: /quiet or confirmed/,
    },
    ...['Light.turn_on', 'light', 'light.turn_on.x', '*.turn_on', '*', 'light.', ' light.turn_on', 'light.turn-on'].map(
      (service) => ({
        name: `the service name ${JSON.stringify(service)}`,
        text: file([quiet(service)]),
        key: 'services.0.service',
        message: /must be domain\.service or domain\.\*/,
      }),
    ),
    {
      name: 'a pattern RE2 cannot run',
      text: file([], { exclude: { patterns: ['ok', '(?=x)'] } }),
      key: 'exclude.patterns.1',
      message: /RE2/,
    },
    {
      name: 'a domain with a dot in exclude',
      text: file([], { exclude: { domains: ['lock.x'] } }),
      key: 'exclude.domains.0',
      message: /domain/,
    },
    { name: 'max_entities 0', text: file([], { max_entities: 0 }), key: 'max_entities', message: /at least 1/ },
    { name: 'max_entities 21', text: file([], { max_entities: 21 }), key: 'max_entities', message: /at most 20/ },
    { name: 'max_entities 2.5', text: file([], { max_entities: 2.5 }), key: 'max_entities', message: /whole number/ },
    { name: 'max_entities as text', text: file([], { max_entities: '5' }), key: 'max_entities', message: /number/ },
    { name: 'a list, not an object', text: '[]', key: '(root)', message: /object/ },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const result = invalid(row.text);
      assert.equal(result.key, row.key);
      assert.match(result.message, row.message);
      assert.equal(result.line, undefined);
    });
  }

  for (const max of [1, 20])
    it(`accepts max_entities ${max}`, () => assert.equal(parsed(file([], { max_entities: max })).maxEntities, max));
});

describe('a file that is not JSON names its line', () => {
  const rows: { name: string; text: string; line: number; message: RegExp }[] = [
    {
      name: 'a stray bracket',
      text: '{\n  "version": 1,\n  "services": [}\n',
      line: 3,
      message: /unexpected "}" at line 3, column 16/,
    },
    { name: 'a trailing comma', text: '{\n  "version": 1,\n  "services": [],\n}\n', line: 4, message: /"}"/ },
    { name: 'a comment', text: '{\n  // the limits\n  "version": 1\n}', line: 2, message: /"\/"/ },
    { name: 'single quotes', text: "{\n\n  'version': 1\n}", line: 3, message: /"'"/ },
    { name: 'a missing comma', text: '{\n  "version": 1\n  "services": []\n}', line: 3, message: /line 3, column 3/ },
    { name: 'a cut file', text: '{\n  "version": 1,\n  "services": [\n', line: 3, message: /end of the text/ },
    { name: 'an empty file', text: '', line: 1, message: /end of the text/ },
    { name: 'text after the object', text: '{"version": 1, "services": []}\nx', line: 2, message: /"x"/ },
    {
      name: 'a misspelled literal',
      text: '{\n"version": 1,\n"services": [],\n"max_entities": tru\n}',
      line: 4,
      message: /"t"/,
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const result = invalid(row.text);
      assert.equal(result.key, '(root)');
      assert.equal(result.line, row.line);
      assert.match(result.message, /^is not valid JSON/);
      assert.match(result.message, row.message);
    });
  }
});

describe('serializePolicy', () => {
  it('writes a parsed policy so that it reads back the same, with normalized ids and pattern sources', () => {
    const text = file(
      [{ service: 'cover.*', class: 'confirmed' }, quiet('light.turn_on'), quiet('notify.send_message')],
      {
        exclude: {
          domains: ['camera'],
          areas: [' Bedroom '],
          patterns: ['sensor\\..*_bedroom', 'a"b'],
          labels: ['Private'],
        },
        max_entities: 12,
      },
    );
    const policy = parsed(text);
    const written = serializePolicy(policy);
    const again = parsed(written);
    assert.deepEqual(again.services, policy.services);
    assert.deepEqual(again.exclusions.areas, ['bedroom']);
    assert.deepEqual(again.exclusions.labels, ['private']);
    assert.deepEqual(
      again.exclusions.patterns.map((pattern) => pattern.pattern()),
      ['sensor\\..*_bedroom', 'a"b'],
    );
    assert.equal(again.maxEntities, 12);
    assert.equal(serializePolicy(again), written);
  });

  it('writes an empty allowlist', () => {
    const policy = parsed(file([], { max_entities: 1 }));
    assert.deepEqual(parsed(serializePolicy(policy)).services, []);
    assert.match(serializePolicy(policy), /"services": \[\],/);
  });
});

describe('each list is bounded, so a file within the byte limit cannot make every call slow', () => {
  const services = (count: number) => Array.from({ length: count }, (_, n) => quiet(`light.s${n}`));
  const many = (count: number, make: (n: number) => string) => Array.from({ length: count }, (_, n) => make(n));
  it('accepts every list at its limit', () => {
    const policy = parsed(
      file(services(200), {
        exclude: {
          domains: many(200, (n) => `d${n}`),
          areas: many(200, (n) => `a${n}`),
          patterns: many(20, (n) => `sensor\\.p${n}_.*`),
          labels: many(200, (n) => `l${n}`),
        },
      }),
    );
    assert.deepEqual(
      [policy.services.length, policy.exclusions.domains.length, policy.exclusions.patterns.length],
      [200, 200, 20],
    );
  });
  const rows: Array<[string, string, string]> = [
    ['services', file(services(201)), 'must hold at most 200 entries'],
    ['exclude.domains', file([], { exclude: { domains: many(201, (n) => `d${n}`) } }), 'must hold at most 200 entries'],
    ['exclude.areas', file([], { exclude: { areas: many(201, (n) => `a${n}`) } }), 'must hold at most 200 entries'],
    ['exclude.labels', file([], { exclude: { labels: many(201, (n) => `l${n}`) } }), 'must hold at most 200 entries'],
    // Counted before any pattern is compiled: 21 patterns RE2 could not even run are refused for their number.
    ['exclude.patterns', file([], { exclude: { patterns: many(21, () => '(') } }), 'must hold at most 20 entries'],
  ];
  for (const [key, text, message] of rows)
    it(`refuses one entry too many in ${key}`, () => {
      assert.deepEqual(invalid(text), { kind: 'invalid', key, message });
    });
});
