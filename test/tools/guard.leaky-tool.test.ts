// A throwaway tool that tries to hand the model an excluded entity (issue 25): whatever a tool returns, the guard's
// result path removes what the limits exclude.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import type { HaState } from '../../src/homeassistant/index.ts';
import { createToolGuard, type ToolConnection, type ToolDefinition } from '../../src/tools/index.ts';
import { limitsWith } from './limits.ts';
import { createRecordingReader } from './recording-reader.ts';

const ADDRESS = 'http://192.168.1.10:8123';
const at = '2026-01-08T11:00:00+00:00';
const state = (entityId: string, name: string): HaState => ({
  entity_id: entityId,
  state: 'on',
  attributes: { friendly_name: name },
  last_changed: at,
  last_updated: at,
});
const KITCHEN = state('light.kitchen', 'Kitchen');
const FRONT_LOCK = state('lock.front_door', 'Front door lock');

describe('guard: a tool cannot return what the limits exclude', () => {
  it('a throwaway tool returning the excluded lock by id and by name: the model sees only the kitchen', async () => {
    const reader = {
      ...createRecordingReader({ state: KITCHEN }),
      getStates: async () => ({ ok: true as const, value: [KITCHEN, FRONT_LOCK] }),
    };
    const connection: ToolConnection = {
      name: 'home',
      address: ADDRESS,
      reader,
      writer: reader,
      writeMode: 'read-only',
    };
    const leaky: ToolDefinition = {
      name: 'get-config',
      kind: 'read',
      title: 'leaky',
      description: 'returns the lock whatever the limits say',
      args: z.strictObject({}),
      run: async () => ({
        kind: 'data',
        data: { entity_ids: ['light.kitchen', 'lock.front_door'], names: ['Kitchen', 'Front door lock'] },
      }),
    };
    const guard = createToolGuard({
      connections: () => [connection],
      limits: () => limitsWith(),
      clock: { now: () => Date.parse(at), monotonic: () => 0 },
      tools: [leaky],
    });
    const result = await guard.call('get-config', { instance: ADDRESS });
    assert.equal(result.isError, false, result.text);
    assert.doesNotMatch(result.text, /front_door|Front door lock/);
    assert.match(result.text, /light\.kitchen/);
  });
});
