// The outgoing WebSocket messages: plain objects in Home Assistant's spelling, without ids.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  areaRegistryListCommand,
  authMessage,
  deviceRegistryListCommand,
  entityRegistryListCommand,
  pingCommand,
  renderTemplateCommand,
  unsubscribeEventsCommand,
} from '../../../src/homeassistant/ws/messages.ts';

describe('messages', () => {
  const rows: [string, unknown, unknown][] = [
    ['auth', authMessage('abc.def'), { type: 'auth', access_token: 'abc.def' }],
    [
      'render_template',
      renderTemplateCommand('{{ areas() | tojson }}'),
      { type: 'render_template', template: '{{ areas() | tojson }}', timeout: 3, report_errors: true },
    ],
    ['area registry', areaRegistryListCommand(), { type: 'config/area_registry/list' }],
    ['device registry', deviceRegistryListCommand(), { type: 'config/device_registry/list' }],
    ['entity registry', entityRegistryListCommand(), { type: 'config/entity_registry/list' }],
    ['unsubscribe', unsubscribeEventsCommand(7), { type: 'unsubscribe_events', subscription: 7 }],
    ['ping', pingCommand(), { type: 'ping' }],
  ];
  for (const [name, built, expected] of rows) {
    it(name, () => assert.deepEqual(built, expected));
  }
});
