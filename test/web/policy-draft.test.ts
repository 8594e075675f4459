// The limits editor's draft: a policy becomes a draft and back unchanged (fields the page does not edit included),
// exclusion lists are one item per line (a comma belongs to the item), and services are added, re-classed, removed.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parsePolicy } from '../../src/tools/index.ts';
import {
  fromDraft,
  isEditablePolicy,
  type PolicyDraft,
  splitList,
  toDraft,
  withoutService,
  withService,
} from '../../web/src/policy-draft.ts';
import type { PolicyJson } from '../../web/src/types.ts';

/** A policy as the page gets it from `GET /admin/policy`: JSON, which isEditablePolicy lets in. */
function policyOf(json: string): PolicyJson {
  const value: unknown = JSON.parse(json);
  if (!isEditablePolicy(value)) throw new Error(`not an editable policy: ${json}`);
  return value;
}

// Every field the editor shows, plus keys it does not know, at the top and inside `exclude`.
const FULL_JSON = String.raw`{
  "version": 1,
  "note": "edited by hand",
  "services": [
    { "service": "light.turn_on", "class": "quiet" },
    { "service": "cover.open_cover", "class": "confirmed" }
  ],
  "exclude": {
    "domains": ["lock", "camera"],
    "areas": ["bedroom", "kids_room"],
    "patterns": ["sensor\\..*_[0-9]{1,3}", "^switch\\.(a|b)$"],
    "labels": ["sensitive"],
    "comment": { "why": "kept" }
  },
  "max_entities": 7,
  "extra": [1, 2]
}`;

describe('toDraft and fromDraft', () => {
  it('turns a full policy into one text per exclusion list, one item a line, and max_entities into text', () => {
    const policy = policyOf(FULL_JSON);
    const draft = toDraft(policy);
    assert.deepEqual(draft, {
      base: JSON.parse(FULL_JSON),
      services: [
        { service: 'light.turn_on', class: 'quiet' },
        { service: 'cover.open_cover', class: 'confirmed' },
      ],
      exclude: {
        domains: 'lock\ncamera',
        areas: 'bedroom\nkids_room',
        patterns: 'sensor\\..*_[0-9]{1,3}\n^switch\\.(a|b)$',
        labels: 'sensitive',
      },
      maxEntities: '7',
    });
  });

  it('gives back the full policy from its untouched draft, unknown keys included', () => {
    assert.deepEqual(fromDraft(toDraft(policyOf(FULL_JSON))), JSON.parse(FULL_JSON));
  });

  it('copies the service rules, so editing the draft leaves the loaded policy alone', () => {
    const policy = policyOf(FULL_JSON);
    const draft = toDraft(policy);
    draft.services[0]!.class = 'confirmed';
    assert.equal(policy.services[0]!.class, 'quiet');
  });

  it('keeps a pattern with a comma as one item', () => {
    const draft = toDraft(policyOf(FULL_JSON));
    const saved = fromDraft({ ...draft, exclude: { ...draft.exclude, patterns: 'sensor\\..*_[0-9]{1,3}' } });
    assert.deepEqual(saved.exclude?.patterns, ['sensor\\..*_[0-9]{1,3}']);
  });

  it('saves the edited texts: lines trimmed, empty ones dropped, the number parsed', () => {
    const draft: PolicyDraft = {
      ...toDraft(policyOf(FULL_JSON)),
      exclude: { domains: '\nlock\n\n  camera  \r\n\t\n', areas: '', labels: '   ', patterns: 'a,b\r\nc{1,2}' },
      maxEntities: '12',
    };
    const saved = fromDraft(draft);
    assert.deepEqual(saved.exclude, {
      domains: ['lock', 'camera'],
      areas: [],
      patterns: ['a,b', 'c{1,2}'],
      labels: [],
      comment: { why: 'kept' },
    });
    assert.equal(saved.max_entities, 12);
  });

  it('saves version 1 when the loaded policy has no version', () => {
    const saved = fromDraft(toDraft(policyOf('{ "services": [], "max_entities": 3 }')));
    assert.equal(saved.version, 1);
  });

  it('shows a broken but editable policy: a list that is no list as empty text, any max_entities as its text', () => {
    const draft = toDraft(policyOf('{ "services": [], "exclude": { "domains": "lock" }, "max_entities": "many" }'));
    assert.deepEqual(draft.exclude, { domains: '', areas: '', patterns: '', labels: '' });
    assert.equal(draft.maxEntities, 'many');
  });

  // A valid policy.json may leave out `exclude` (or some of its lists) and `max_entities`: hearth then applies the
  // default exclusions (lock, alarm_control_panel, camera; the label sensitive) and 5 entities per call.
  const SHORT_JSON = '{ "version": 1, "services": [{ "service": "light.turn_on", "class": "quiet" }] }';

  it('saves an untouched draft of a policy without max_entities as a policy hearth accepts', () => {
    const saved = fromDraft(toDraft(policyOf(SHORT_JSON)));
    const read = parsePolicy(JSON.stringify(saved));
    assert.equal(read.kind, 'ok', JSON.stringify(read));
  });

  it('keeps the default exclusions of a policy that relies on them', () => {
    const loaded = parsePolicy(SHORT_JSON);
    assert.equal(loaded.kind, 'ok');
    const draft = toDraft(policyOf(SHORT_JSON));
    // What a person does who only wants a different number: types it, and saves.
    const saved = parsePolicy(JSON.stringify(fromDraft({ ...draft, maxEntities: '5' })));
    assert.equal(saved.kind, 'ok');
    if (loaded.kind !== 'ok' || saved.kind !== 'ok') return;
    assert.deepEqual(saved.policy.exclusions.domains, ['lock', 'alarm_control_panel', 'camera']);
    assert.deepEqual(saved.policy.exclusions.labels, ['sensitive']);
    assert.deepEqual(saved.policy.exclusions.domains, loaded.policy.exclusions.domains);
  });
});

describe('splitList', () => {
  const table: [string, string[]][] = [
    ['', []],
    ['\n\n', []],
    ['light', ['light']],
    ['light\nswitch', ['light', 'switch']],
    ['light\r\nswitch\r\n', ['light', 'switch']],
    ['  light  \n\tswitch\t', ['light', 'switch']],
    ['light, switch', ['light, switch']],
    ['sensor\\..*_[0-9]{1,3}', ['sensor\\..*_[0-9]{1,3}']],
  ];
  for (const [text, items] of table) {
    it(`splits ${JSON.stringify(text)}`, () => assert.deepEqual(splitList(text), items));
  }
});

describe('withService and withoutService', () => {
  const draft = toDraft(policyOf(FULL_JSON));

  it('adds a new service at the end', () => {
    const added = withService(draft, { service: 'switch.turn_off', class: 'confirmed' });
    assert.deepEqual(added.services, [
      { service: 'light.turn_on', class: 'quiet' },
      { service: 'cover.open_cover', class: 'confirmed' },
      { service: 'switch.turn_off', class: 'confirmed' },
    ]);
  });

  it('changes the class of a listed service in its place, without adding it twice', () => {
    const changed = withService(draft, { service: 'light.turn_on', class: 'confirmed' });
    assert.deepEqual(changed.services, [
      { service: 'light.turn_on', class: 'confirmed' },
      { service: 'cover.open_cover', class: 'confirmed' },
    ]);
  });

  it('removes a service, and changes nothing for a service not listed', () => {
    assert.deepEqual(withoutService(draft, 'light.turn_on').services, [
      { service: 'cover.open_cover', class: 'confirmed' },
    ]);
    assert.deepEqual(withoutService(draft, 'fan.turn_on').services, draft.services);
  });

  it('leaves the draft it was given alone and keeps its other fields', () => {
    const before = structuredClone(draft);
    const added = withService(draft, { service: 'switch.turn_off', class: 'quiet' });
    const changed = withService(draft, { service: 'light.turn_on', class: 'confirmed' });
    const removed = withoutService(draft, 'light.turn_on');
    assert.deepEqual(draft, before);
    for (const next of [added, changed, removed]) {
      assert.deepEqual(next.exclude, draft.exclude);
      assert.equal(next.maxEntities, '7');
      assert.equal(next.base, draft.base);
    }
  });
});

describe('isEditablePolicy', () => {
  const table: [string, unknown, boolean][] = [
    ['the full policy', JSON.parse(FULL_JSON), true],
    ['services only', { services: [] }, true],
    [
      'a broken file with the shape: bad class, bad max_entities, a list that is no list',
      {
        version: 2,
        services: [{ service: 'Light', class: 'sometimes' }],
        exclude: { domains: 'lock' },
        max_entities: 0,
      },
      true,
    ],
    ['the raw text of a broken file', '{ "services": [ ', false],
    ['the raw text of a valid file', FULL_JSON, false],
    ['null', null, false],
    ['an array', [{ service: 'light.turn_on' }], false],
    ['no services', { version: 1, exclude: {} }, false],
    ['services that are no list', { services: { service: 'light.turn_on' } }, false],
    ['a rule without a service name', { services: [{ class: 'quiet' }] }, false],
    ['a rule whose service is no string', { services: [{ service: 1, class: 'quiet' }] }, false],
    ['a rule that is no object', { services: ['light.turn_on'] }, false],
    ['exclude that is a list', { services: [], exclude: ['lock'] }, false],
    ['exclude that is null', { services: [], exclude: null }, false],
  ];
  for (const [name, value, expected] of table) {
    it(`${expected ? 'accepts' : 'refuses'} ${name}`, () => assert.equal(isEditablePolicy(value), expected));
  }
});
