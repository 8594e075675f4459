// policy.json in the data folder: the defaults written once, every hand edit checked at every read, never a fallback.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { openLimitsFile, writeDefaultLimits } from '../../src/services/index.ts';
import { openDatabase } from '../../src/storage/index.ts';
import { DEFAULT_POLICY_TEXT, INPUT_LIMITS, NEVER_AVAILABLE } from '../../src/tools/index.ts';

/** The limits of a new data folder `dir` (its database created now, as the first command does). */
function openLimits(dir: string) {
  const db = openDatabase(dir);
  writeDefaultLimits({ dataDir: dir, db });
  return openLimitsFile({ dataDir: dir, db });
}

describe('the limits file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-limits-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const path = () => join(dir, 'policy.json');
  const edit = (change: (policy: Record<string, unknown>) => unknown) =>
    writeFileSync(path(), JSON.stringify(change(JSON.parse(DEFAULT_POLICY_TEXT))));

  it('writes the document’s defaults when there is none, and reads them', () => {
    const limits = openLimits(dir);
    assert.equal(readFileSync(path(), 'utf8'), DEFAULT_POLICY_TEXT);
    const state = limits.read();
    assert.equal(state.kind, 'ok');
    assert.equal(state.kind === 'ok' && state.policy.maxEntities, 5);
  });

  it('a hand edit that names any never-available service stops the tools, naming the key', () => {
    const limits = openLimits(dir);
    const examples = NEVER_AVAILABLE.map((rule) =>
      rule.match === 'domain'
        ? `${rule.domain}.*`
        : rule.match === 'service'
          ? `automation.${rule.service}`
          : `template.${rule.prefix}all`,
    );
    for (const service of examples) {
      edit((policy) => ({ ...policy, services: [...(policy.services as object[]), { service, class: 'quiet' }] }));
      const state = limits.read();
      assert.equal(state.kind, 'invalid', service);
      assert.match(
        state.kind === 'invalid' ? state.reason : '',
        /policy\.json: services\.21\.service.*never available/,
        service,
      );
    }
  });

  it('a file that cannot be read or parsed, or that went missing, stops the tools; a valid edit takes effect', () => {
    const limits = openLimits(dir);
    writeFileSync(path(), '{"version": 1,\n  "services": [\n');
    const broken = limits.read();
    assert.match(
      broken.kind === 'invalid' ? broken.reason : '',
      /policy\.json: \(root\) \(line 2\): is not valid JSON/,
    );
    writeFileSync(path(), JSON.stringify({ version: 1, services: [], surprise: true }));
    assert.equal(limits.read().kind, 'invalid');
    rmSync(path());
    assert.deepEqual(limits.read(), {
      kind: 'invalid',
      reason: `${path()} is missing; the tools are stopped until an administrator saves valid limits`,
    });
    mkdirSync(path());
    assert.equal(limits.read().kind, 'invalid');
    rmSync(path(), { recursive: true });
    edit((policy) => ({ ...policy, max_entities: 2 }));
    const state = limits.read();
    assert.equal(state.kind === 'ok' && state.policy.maxEntities, 2);
  });

  it('saves only valid limits, as a whole, and leaves the file as it was otherwise', () => {
    const limits = openLimits(dir);
    const refused = limits.save(
      JSON.stringify({ version: 1, services: [{ service: 'lock.unlock', class: 'confirmed' }] }),
    );
    assert.equal(refused.kind, 'invalid');
    assert.equal(readFileSync(path(), 'utf8'), DEFAULT_POLICY_TEXT);
    const text = JSON.stringify({ version: 1, services: [{ service: 'light.turn_on', class: 'quiet' }] });
    const saved = limits.save(text);
    assert.equal(saved.kind, 'saved');
    assert.equal(readFileSync(path(), 'utf8'), text);
    const state = limits.read();
    assert.equal(
      state.kind === 'ok' && saved.kind === 'saved' && state.revision,
      saved.kind === 'saved' && saved.revision,
    );
  });
});

describe('the limits file over its size limit', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-limits-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // Valid JSON and a valid policy but for its size: an allowlist padded with spaces.
  const padded = (bytes: number) => {
    const text = JSON.stringify({ version: 1, services: [{ service: 'light.turn_on', class: 'quiet' }] });
    return `${text}${' '.repeat(bytes - text.length)}`;
  };

  it('a file on disk over the limit stops the tools, naming the file and the limit, and is not shown', () => {
    const limits = openLimits(dir);
    writeFileSync(join(dir, 'policy.json'), padded(INPUT_LIMITS.policyBytes + 1));
    assert.deepEqual(limits.read(), {
      kind: 'invalid',
      reason: `${join(dir, 'policy.json')}: policy.json is 65537 bytes, over the limit of 65536 bytes`,
    });
    assert.equal(limits.text(), '');
    writeFileSync(join(dir, 'policy.json'), padded(INPUT_LIMITS.policyBytes));
    assert.equal(limits.read().kind, 'ok');
  });

  it('a text over the limit is not saved, and the file stays as it was', () => {
    const limits = openLimits(dir);
    assert.deepEqual(limits.save(padded(7 * 1024 * 1024)), {
      kind: 'invalid',
      reason: 'the new limits: policy.json is 7340032 bytes, over the limit of 65536 bytes',
    });
    assert.equal(readFileSync(join(dir, 'policy.json'), 'utf8'), DEFAULT_POLICY_TEXT);
  });
});
