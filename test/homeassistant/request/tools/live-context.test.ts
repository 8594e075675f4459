// Tests of the GetLiveContext tool result.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_HOME } from '../../../../src/demo-home/demo-home.ts';
import { FIXTURE_HOME } from '../../../fixtures/homes/fixture-home.ts';
import { renderLiveContext, renderLiveContextText } from '../../../../src/homeassistant/request/tools/live-context.ts';
import { readHaRequestFixture } from '../../../fixtures/data.ts';

describe('renderLiveContext', () => {
  it('reproduces variants/getlivecontext-tool-message.json byte for byte', () => {
    const message = readHaRequestFixture('variants/getlivecontext-tool-message.json') as { content: string };
    assert.equal(renderLiveContext(FIXTURE_HOME), message.content);
  });

  it('escapes non-ASCII as json.dumps does and keeps only the interesting attributes', () => {
    const content = renderLiveContext(DEMO_HOME);
    assert.ok(/^[\x20-\x7e]*$/.test(content), 'ASCII only');
    assert.ok(content.includes('unit_of_measurement: \\u00b0C'));
    const text = renderLiveContextText(DEMO_HOME);
    assert.ok(
      text.includes(
        '  attributes:\n    volume_level: 0.35\n    media_title: Clair de lune\n    media_artist: Claude Debussy\n    media_album_name: Suite bergamasque\n    device_class: speaker\n',
      ),
    );
    assert.ok(text.includes("    temperature: 14.0\n    temperature_unit: °C\n    humidity: '71'\n"));
    assert.ok(
      !text.includes('hvac_action') &&
        !text.includes('battery_level') &&
        !text.includes('color_mode') &&
        !text.includes('state_class'),
    );
  });
});
