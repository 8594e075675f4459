// Property: over random limits, homes and results, no excluded entity's id or name ever appears in any tool output.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { HaState, HomeAssistantClient } from '../../src/homeassistant/index.ts';
import { type ChangeService, createToolGuard, type ToolConnection } from '../../src/tools/index.ts';
import { LABELS_TEMPLATE } from '../../src/tools/home/fixed-templates.ts';
import { limitsExcluding } from './limits.ts';
import { createRecordingReader } from './recording-reader.ts';

const ADDRESS = 'http://192.168.1.10:8123';
const NOW = Date.parse('2026-01-08T12:00:00Z');
const DOMAINS = ['light', 'switch', 'sensor', 'lock', 'camera', 'alarm_control_panel', 'cover'] as const;
const TAGS = ['a', 'b', 'secret'] as const;

/** One entity of a generated home; ids and names are unique words (none is part of another). */
interface Entity {
  id: string;
  name: string;
  isSensitive: boolean;
}

/** The random parts of one entity; the index makes its id and name unique. */
const entityParts = fc.record({
  domain: fc.constantFrom(...DOMAINS),
  tag: fc.constantFrom(...TAGS),
  isSensitive: fc.boolean(),
  // Which other entity its attributes, logbook cause and free text point at (an index, taken modulo the home's size).
  other: fc.nat(),
  state: fc.constantFrom('on', 'off', 'unlocked', 'recording', '21.5'),
});

const home = fc.array(entityParts, { minLength: 2, maxLength: 10 }).map((parts) =>
  parts.map((part, index) => ({
    ...part,
    id: `${part.domain}.e${index}_${part.tag}`,
    name: `Name${index}x${part.tag}Q`,
    other: part.other % parts.length,
  })),
);

/** Limits excluding by domain, label and pattern, each drawn at random. */
const limits = fc.record({
  domains: fc.subarray(['lock', 'camera', 'alarm_control_panel', 'sensor']),
  labels: fc.constantFrom([], ['sensitive']),
  patterns: fc.constantFrom([], ['.*_secret'], ['cover\\..*']),
});

type GeneratedEntity = Entity & { domain: string; other: number; state: string };

function stateOf(entity: GeneratedEntity, all: readonly GeneratedEntity[]): HaState {
  const other = all[entity.other] as GeneratedEntity;
  const at = '2026-01-08T11:00:00+00:00';
  return {
    entity_id: entity.id,
    state: entity.state,
    // A group's members, a link to another entity by id and by name, and free text naming it.
    attributes: {
      friendly_name: entity.name,
      entity_id: [other.id],
      linked: other.id,
      linked_name: other.name,
      note: `follows state of ${other.id}.`,
    },
    last_changed: at,
    last_updated: at,
  };
}

/** A reader over the home: every read answers from it; a service call lists random states as changed. */
function readerOf(entities: readonly GeneratedEntity[], changed: readonly number[]): HomeAssistantClient {
  const states = entities.map((entity) => stateOf(entity, entities));
  const byId = (id: string) => states.find((state) => state.entity_id === id);
  const sensitive = entities.filter((entity) => entity.isSensitive).map((entity) => entity.id);
  return {
    ...createRecordingReader(),
    getStates: async () => ({ ok: true, value: states }),
    getState: async (id) => {
      const state = byId(id);
      return state ? { ok: true, value: state } : { ok: false, failure: 'not-found', reason: '404' };
    },
    getHistory: async (window) => {
      // Home Assistant's first row of an entity is its whole state, attributes included.
      const state = byId(window.entityId);
      return { ok: true, value: state ? [state] : [] };
    },
    getLogbook: async (window) => {
      const entity = entities.find((candidate) => candidate.id === window.entityId) as GeneratedEntity;
      const cause = entities[entity.other] as GeneratedEntity;
      const entry = {
        when: '2026-01-08T10:00:00+00:00',
        entity_id: entity.id,
        name: entity.name,
        state: entity.state,
        context_entity_id: cause.id,
        context_entity_id_name: cause.name,
        context_domain: cause.domain,
        context_message: `changed to ${cause.state}`,
        context_source: `state of ${cause.id}`,
        context_name: cause.name,
      };
      return { ok: true, value: [entry] };
    },
    getServices: async () => ({
      ok: true,
      value: [{ domain: 'light', services: { turn_on: { name: 'Turn on', fields: {} } } }],
    }),
    renderTemplate: async (template) =>
      template === LABELS_TEMPLATE
        ? { ok: true, value: JSON.stringify([{ id: 'sensitive', name: 'Sensitive', entities: sensitive }]) }
        : { ok: false, failure: 'template-error', reason: "UndefinedError: 'areas' is undefined" },
    callService: async () => ({
      kind: 'done',
      changed: changed.map((index) => states[index % states.length] as HaState),
    }),
  };
}

/** Runs every change at once, as an attended chat in the `act` mode would (journalling is not what is tested). */
const CHANGES = {
  execute: async (_change: unknown, writer: HomeAssistantClient) => ({
    operationId: 'op_1',
    outcome: await writer.callService({ domain: 'light', service: 'turn_on', entityIds: [], data: {} } as never),
  }),
} as unknown as ChangeService;

describe('guard: no excluded entity in any output', () => {
  it('over random limits, homes and results, every read tool and call-service', async () => {
    await fc.assert(
      fc.asyncProperty(home, limits, fc.array(fc.nat(), { maxLength: 6 }), async (entities, exclude, changed) => {
        const reader = readerOf(entities, changed);
        const connection: ToolConnection = { name: 'home', address: ADDRESS, reader, writer: reader, writeMode: 'act' };
        const guard = createToolGuard({
          connections: () => [connection],
          limits: () => limitsExcluding({ ...exclude, areas: [] }),
          changes: CHANGES,
          clock: { now: () => NOW, monotonic: () => 0 },
        });
        const isExcluded = (entity: GeneratedEntity) =>
          exclude.domains.includes(entity.domain) ||
          (exclude.labels.length > 0 && entity.isSensitive) ||
          exclude.patterns.some((pattern) => new RegExp(`^${pattern}$`).test(entity.id));
        const excluded = entities.filter(isExcluded);
        const call = (name: string, args: object = {}) =>
          guard.call(name, { instance: ADDRESS, ...args }, { attended: true });
        // Each output with the entity its call named, if any: a call may echo the id it was given (as for an
        // entity that does not exist), never another excluded one.
        const outputs: { text: string; named?: string }[] = [
          await call('get-config'),
          await call('list-areas'),
          await call('search-entities'),
          await call('search-entities', { words: 'name' }),
          await call('list-services'),
        ];
        for (const entity of entities)
          for (const tool of ['get-state', 'get-history', 'get-logbook']) {
            const output = await call(tool, { entity_id: entity.id });
            outputs.push({ ...output, named: entity.id });
            // An excluded entity's state answers exactly as one Home Assistant does not have.
            if (tool === 'get-state' && isExcluded(entity)) {
              const unknown = await call(tool, { entity_id: `${entity.domain}.missing` });
              assert.equal(output.text, unknown.text.replace(`${entity.domain}.missing`, entity.id));
            }
          }
        const light = entities.find((entity) => entity.domain === 'light' && !isExcluded(entity));
        if (light !== undefined)
          outputs.push(await call('call-service', { domain: 'light', service: 'turn_on', entity_id: light.id }));
        for (const output of outputs)
          for (const entity of excluded) {
            if (output.named !== entity.id)
              assert.ok(!output.text.includes(entity.id), `${entity.id} in ${output.text}`);
            assert.ok(!output.text.includes(entity.name), `${entity.name} in ${output.text}`);
          }
        // The filter does not empty everything: a visible entity's own state still answers.
        const visible = entities.find((entity) => !isExcluded(entity));
        if (visible !== undefined) {
          const own = await call('get-state', { entity_id: visible.id });
          assert.equal(own.isError, false, own.text);
          assert.ok(own.text.includes(visible.name));
        }
      }),
      { numRuns: 100 },
    );
  });
});
