// The model_not_found error: the names that exist, and a case-only near miss.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { modelNotFound } from '../../src/common/index.ts';

const AVAILABLE = ['HA-Assist', 'gemma', 'qwen-vl'];

describe('modelNotFound', () => {
  const rows: { name: string; model: string; available: string[]; what?: string; message: string }[] = [
    {
      name: 'lists the names that exist',
      model: 'gpt-9',
      available: AVAILABLE,
      message: "There is no model 'gpt-9'. Available: HA-Assist, gemma, qwen-vl.",
    },
    {
      name: 'suggests a name that differs only in case',
      model: 'ha-assist',
      available: AVAILABLE,
      message:
        "There is no model 'ha-assist'; did you mean 'HA-Assist'? (Model names are case-sensitive.) Available: HA-Assist, gemma, qwen-vl.",
    },
    {
      name: 'says when nothing is configured, in the words of the caller',
      model: 'all-minilm',
      available: [],
      what: 'embedding model',
      message: "There is no embedding model 'all-minilm'. None is configured.",
    },
    {
      name: 'counts names past the twentieth',
      model: 'x',
      available: Array.from({ length: 22 }, (_, i) => `m${i}`),
      message: `There is no model 'x'. Available: ${Array.from({ length: 20 }, (_, i) => `m${i}`).join(', ')} and 2 more.`,
    },
    {
      name: 'quotes at most 100 characters of a long name',
      model: 'a'.repeat(150),
      available: ['gemma'],
      message: `There is no model '${'a'.repeat(100)}…'. Available: gemma.`,
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const error = modelNotFound(row.model, { available: row.available, ...(row.what ? { what: row.what } : {}) });
      assert.equal(error.message, row.message);
      assert.equal(error.kind, 'not_found');
      assert.equal(error.code, 'MODEL_NOT_FOUND');
      assert.equal(error.param, 'model');
    });
  }
});
