// The README's Configuration rows and hearth.example.yaml's settings lines say what HA-Assist's settings table says.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  renderExampleLines,
  renderReadmeRows,
  replaceSettingLines,
  staleSettings,
} from '../../scripts/settings-docs.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const FIX = 'run `npm run docs:settings` to write them from src/assist/settings-table.ts';

describe('the settings documentation', () => {
  it("README's Configuration table has every setting's key, default, range and description", () => {
    const stale = staleSettings(readFileSync(`${ROOT}README.md`, 'utf8'), renderReadmeRows());
    assert.deepEqual(
      stale,
      [],
      `README.md documents these settings differently from the table: ${stale.join(', ')}; ${FIX}`,
    );
  });

  it("hearth.example.yaml has every setting's key, default and range", () => {
    const stale = staleSettings(readFileSync(`${ROOT}hearth.example.yaml`, 'utf8'), renderExampleLines());
    assert.deepEqual(
      stale,
      [],
      `hearth.example.yaml shows these settings differently from the table: ${stale.join(', ')}; ${FIX}`,
    );
  });
});

describe('staleSettings', () => {
  const lines = renderExampleLines();
  const file = ['settings:', ...lines.map((entry) => entry.line), ''].join('\n');

  it('names a setting whose default or range differs, one that is missing, and one the table does not have', () => {
    assert.deepEqual(staleSettings(file, lines), []);
    const changed = file
      .replace('ha_assist_verify_attempts: 2 ', 'ha_assist_verify_attempts: 3 ')
      .replace('5–600 seconds', '5–60 seconds')
      .replace(/^ {2}ha_assist_semantic_weight.*\n/m, '')
      .replace('settings:\n', 'settings:\n  ha_assist_retired: 1\n');
    assert.deepEqual(staleSettings(changed, lines), [
      'ha_assist_verify_attempts',
      'ha_assist_confirm_timeout',
      'ha_assist_semantic_weight',
      'ha_assist_retired',
    ]);
  });
});

describe('replaceSettingLines', () => {
  it('replaces the block of setting lines and keeps the rest of the file', () => {
    const file = 'settings:\n  ha_assist_verify_attempts: 9   # old\n  ha_assist_old: 1\n\nembeddings: null\n';
    const replaced = replaceSettingLines(file, renderExampleLines());
    assert.equal(
      replaced,
      ['settings:', ...renderExampleLines().map((entry) => entry.line), '', 'embeddings: null', ''].join('\n'),
    );
  });

  it('refuses a file without a block to replace', () => {
    assert.throws(() => replaceSettingLines('log:\n  level: info\n', renderExampleLines()), /no settings\.ha_assist_/);
  });
});
