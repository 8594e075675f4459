// HA-Assist's settings derived from the table: the configuration's values at their fields, the defaults, the schema.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ASSIST_SETTING_DEFAULTS,
  ASSIST_SETTING_KEYS,
  ASSIST_SETTING_ROWS,
  AssistSettingsConfigSchema,
  DEFAULT_ASSIST_SETTINGS,
  MODEL_SETTING_KEYS,
  assistSettingsOf,
  type SettingRow,
} from '../../src/assist/index.ts';
import { DEFAULT_ENTITY_YAML_LIMITS } from '../../src/homeassistant/request/index.ts';

/** The value at a dot-separated field of `settings`. */
function valueAt(settings: object, field: string): unknown {
  return field.split('.').reduce<unknown>((node, name) => (node as Record<string, unknown>)[name], settings);
}

describe('assistSettingsOf', () => {
  it('puts every key of the configuration at its field', () => {
    const values = configValues({
      ha_assist_text_model: 'gemma',
      ha_assist_verify_attempts: 7,
      ha_assist_confirm_sensitive: false,
      ha_assist_repair_threshold: 0.9,
      ha_assist_skeleton_max_distance: 0,
      ha_assist_retrieval_tools: 3,
      ha_assist_max_yaml_depth: 8,
    });
    const settings = assistSettingsOf(values);
    for (const key of ASSIST_SETTING_KEYS) {
      const value = values[key];
      assert.equal(valueAt(settings, ASSIST_SETTING_ROWS[key].field), value ?? undefined, key);
    }
    assert.equal(settings.textModel, 'gemma');
    assert.equal(settings.verifyAttempts, 7);
    assert.equal(settings.repair.fuzzy.threshold, 0.9);
    assert.equal(settings.repair.skeleton.maxDistance, 0);
    assert.deepEqual(settings.limits.yaml, { maxDepth: 8, maxExpansion: 100_000 });
  });

  it('leaves out a model that is not set, and keeps the finer bounds no key sets at their defaults', () => {
    const settings = assistSettingsOf(configValues({ ha_assist_repair_max_edits: 1 }));
    assert.equal('textModel' in settings, false);
    assert.equal('visionModel' in settings, false);
    assert.deepEqual(settings.repair.fuzzy, { ...DEFAULT_ASSIST_SETTINGS.repair.fuzzy, maxEdits: 1 });
    assert.equal(settings.repair.fuzzy.maxEditRatio, 0.25);
    assert.equal(settings.repair.skeleton.maxSampled, 4000);
  });

  it('does not change the defaults it starts from', () => {
    assistSettingsOf(configValues({ ha_assist_retrieval_entities: 1, ha_assist_max_yaml_depth: 4 }));
    assert.equal(DEFAULT_ASSIST_SETTINGS.retrieval.entities, 16);
    assert.equal(DEFAULT_ASSIST_SETTINGS.limits.yaml.maxDepth, 32);
  });
});

describe('DEFAULT_ASSIST_SETTINGS', () => {
  it("holds every row's default at its field", () => {
    for (const key of ASSIST_SETTING_KEYS) {
      const row: SettingRow = ASSIST_SETTING_ROWS[key];
      assert.equal(valueAt(DEFAULT_ASSIST_SETTINGS, row.field), row.default ?? undefined, key);
    }
  });

  it('is what the configuration without a settings section gives', () => {
    assert.deepEqual(assistSettingsOf(AssistSettingsConfigSchema.parse(undefined)), DEFAULT_ASSIST_SETTINGS);
    assert.deepEqual(AssistSettingsConfigSchema.parse({}), ASSIST_SETTING_DEFAULTS);
  });

  it("agrees with the limits homeassistant/ reads a client's entity YAML with when none are given", () => {
    assert.deepEqual(DEFAULT_ASSIST_SETTINGS.limits.yaml, DEFAULT_ENTITY_YAML_LIMITS);
  });
});

describe('ASSIST_SETTING_ROWS', () => {
  it('gives each key its own field, and a default inside its range', () => {
    const fields = ASSIST_SETTING_KEYS.map((key) => ASSIST_SETTING_ROWS[key].field);
    assert.equal(new Set(fields).size, fields.length);
    for (const key of ASSIST_SETTING_KEYS) {
      const row: SettingRow = ASSIST_SETTING_ROWS[key];
      if (row.kind !== 'int' && row.kind !== 'number') continue;
      assert.ok(row.min <= row.default && row.default <= row.max, key);
      if (row.kind === 'int') assert.ok(Number.isInteger(row.default), key);
    }
  });

  it('names the model settings cli/ checks against the enabled models', () => {
    assert.deepEqual(MODEL_SETTING_KEYS, ['ha_assist_text_model', 'ha_assist_vision_model']);
  });
});

describe('AssistSettingsConfigSchema', () => {
  it('refuses a value outside its row’s range, naming the range (and the unit)', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ha_assist_verify_attempts: 11 }, 'must be from 0 to 10'],
      [{ ha_assist_verify_attempts: 1.5 }, 'must be a whole number from 0 to 10'],
      [{ ha_assist_verify_delay: 31 }, 'must be from 0 to 30 seconds'],
      [{ ha_assist_confirm_timeout: 'soon' }, 'must be a number from 5 to 600 seconds'],
      [{ ha_assist_max_yaml_expansion: 999 }, 'must be from 1000 to 10000000'],
      [{ ha_assist_max_deterministic_ms: 0 }, 'must be from 1 to 60000'],
    ];
    for (const [section, message] of cases) {
      const result = AssistSettingsConfigSchema.safeParse(section);
      assert.equal(result.success, false, JSON.stringify(section));
      assert.equal(result.error?.issues[0]?.message, message, JSON.stringify(section));
    }
  });

  it('refuses a key the table does not have, and an empty model name', () => {
    assert.equal(AssistSettingsConfigSchema.safeParse({ ha_assist_unknown: 1 }).success, false);
    assert.equal(AssistSettingsConfigSchema.safeParse({ ha_assist_text_model: '' }).success, false);
  });
});

/** A validated settings section: the defaults with `values` over them. */
function configValues(values: Record<string, unknown>) {
  return AssistSettingsConfigSchema.parse(values);
}
