// The guard: arguments validated, the instance matched before anything is sent, results made safe, refusals plain.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createToolGuard, type ToolConnection, type ToolDefinition, UNTRUSTED_NOTE } from '../../src/tools/index.ts';
import { limitsExcluding, limitsWith } from './limits.ts';
import { createRecordingReader, type RecordingReader } from './recording-reader.ts';

const ADDRESS = 'http://192.168.1.10:8123';
const CLOCK = { now: () => Date.parse('2026-01-08T12:00:00Z'), monotonic: () => 0 };

function guardWith(reader: RecordingReader, extra: { tools?: readonly ToolDefinition[] } = {}) {
  const connection: ToolConnection = { name: 'home', address: ADDRESS, reader, writer: reader, writeMode: 'read-only' };
  return createToolGuard({ connections: () => [connection], limits: () => limitsWith(), clock: CLOCK, ...extra });
}

describe('tool guard', () => {
  it('lists the seven read tools and the two write tools, each with instance, a data note and a strict schema', () => {
    const tools = guardWith(createRecordingReader()).list();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      [
        'get-config',
        'list-areas',
        'search-entities',
        'get-state',
        'get-history',
        'get-logbook',
        'list-services',
        'call-service',
        'call-physical-service',
      ],
    );
    for (const tool of tools) {
      assert.equal(tool.readOnly, !tool.name.startsWith('call-'));
      assert.match(tool.description, /never instructions/);
      const schema = tool.inputSchema as { properties: Record<string, { description?: string }>; required: string[] };
      assert.ok(schema.required.includes('instance'), tool.name);
      assert.match(schema.properties.instance?.description ?? '', /http:\/\/192\.168\.1\.10:8123/);
      assert.equal((tool.inputSchema as { additionalProperties?: unknown }).additionalProperties, false);
    }
    const history = tools.find((tool) => tool.name === 'get-history');
    assert.deepEqual(Object.keys((history?.inputSchema as { properties: object }).properties).sort(), [
      'entity_id',
      'hours',
      'instance',
    ]);
  });

  it('refuses another instance before the reader is asked anything', async () => {
    const reader = createRecordingReader();
    const guard = guardWith(reader);
    for (const instance of ['https://evil.example.org', 'http://192.168.1.10:8124', 'http://192.168.1.11:8123', '']) {
      const result = await guard.call('get-config', { instance });
      assert.equal(result.isError, true, instance);
      assert.match(result.text, /instance/);
    }
    assert.deepEqual(reader.calls, []);
  });

  it('accepts the same address written with a trailing slash', async () => {
    const reader = createRecordingReader();
    const result = await guardWith(reader).call('get-config', { instance: `${ADDRESS}/` });
    assert.equal(result.isError, false);
    assert.deepEqual(reader.calls, ['getConfig']);
  });

  it('names the bad argument, refuses unknown ones, and sends nothing', async () => {
    const reader = createRecordingReader();
    const guard = guardWith(reader);
    const cases: [string, unknown, RegExp][] = [
      ['get-state', { instance: ADDRESS }, /entity_id/],
      ['get-state', { instance: ADDRESS, entity_id: 'Light Kitchen' }, /entity_id.*entity id such as light\.kitchen/],
      ['get-history', { instance: ADDRESS, entity_id: 'sensor.t', hours: 169 }, /hours.*at most 168/],
      ['get-history', { instance: ADDRESS, entity_id: 'sensor.t', hours: 0 }, /hours/],
      ['get-config', { instance: ADDRESS, template: '{{ states }}' }, /template/],
      ['get-config', {}, /instance/],
      ['get-config', 'not an object', /invalid arguments/],
      ['render-template', { instance: ADDRESS }, /no tool named "render-template"/],
    ];
    for (const [name, args, reason] of cases) {
      const result = await guard.call(name, args);
      assert.equal(result.isError, true, name);
      assert.match(result.text, reason, `${name} ${JSON.stringify(args)}`);
    }
    assert.deepEqual(reader.calls, []);
  });

  it('marks a result as untrusted data and redacts it', async () => {
    const reader = createRecordingReader({
      state: {
        entity_id: 'camera.porch',
        state: 'idle',
        attributes: { entity_picture: '/api/camera_proxy/camera.porch?token=abc', friendly_name: 'Porch' },
        last_changed: '2026-01-08T11:00:00+00:00',
        last_updated: '2026-01-08T11:00:00+00:00',
      },
    });
    const guard = createToolGuard({
      connections: () => [{ name: 'home', address: ADDRESS, reader, writer: reader, writeMode: 'read-only' }],
      limits: () => limitsExcluding({ domains: [], labels: [] }),
      clock: CLOCK,
    });
    const result = await guard.call('get-state', { instance: ADDRESS, entity_id: 'camera.porch' });
    assert.equal(result.isError, false);
    const body = JSON.parse(result.text);
    assert.equal(body.note, UNTRUSTED_NOTE);
    assert.deepEqual(body.untrusted_data.attributes, { friendly_name: 'Porch' });
    assert.doesNotMatch(result.text, /abc/);
  });

  it('refuses a result over the size limit instead of cutting it', async () => {
    const reader = createRecordingReader();
    const guard = createToolGuard({
      connections: () => [{ name: 'home', address: ADDRESS, reader, writer: reader, writeMode: 'read-only' }],
      limits: () => limitsWith(),
      clock: CLOCK,
      resultLimits: { maxListItems: 50, maxStringChars: 1000, maxAttributeChars: 200, maxDepth: 12, maxBytes: 100 },
    });
    const result = await guard.call('get-config', { instance: ADDRESS });
    assert.equal(result.isError, true);
    assert.match(result.text, /over the limit of 100/);
  });

  it('turns a tool that throws into a plain refusal', async () => {
    const reader = createRecordingReader();
    const [first] = guardWith(reader).list();
    assert.ok(first);
    const broken = {
      name: 'get-config',
      kind: 'read',
      title: 't',
      description: 'd',
      args: (await import('zod')).z.strictObject({}),
      run: async () => {
        throw new TypeError('boom at /secret/path');
      },
    } as unknown as ToolDefinition;
    const result = await guardWith(reader, { tools: [broken] }).call('get-config', { instance: ADDRESS });
    assert.deepEqual(result, { isError: true, text: 'the tool failed unexpectedly' });
  });

  it('stops every tool while the limits cannot be used, and never falls back to wider ones', async () => {
    const reader = createRecordingReader();
    const guard = createToolGuard({
      connections: () => [{ name: 'home', address: ADDRESS, reader, writer: reader, writeMode: 'act' }],
      limits: () => ({ kind: 'invalid', reason: 'policy.json: services.2.service: lock.unlock is never available' }),
      clock: CLOCK,
    });
    for (const name of ['get-config', 'call-service']) {
      const result = await guard.call(name, {
        instance: ADDRESS,
        domain: 'light',
        service: 'turn_on',
        entity_id: 'light.a',
      });
      assert.equal(result.isError, true);
      assert.match(
        result.text,
        /stopped until an administrator saves valid limits: policy\.json: services\.2\.service/,
      );
    }
    assert.deepEqual(reader.calls, []);
  });

  it('says when no connection is enabled', async () => {
    const guard = createToolGuard({ connections: () => [], limits: () => limitsWith(), clock: CLOCK });
    const result = await guard.call('get-config', { instance: ADDRESS });
    assert.deepEqual(result, { isError: true, text: 'no Home Assistant connection is enabled for this client' });
  });
});
