// Canonical tool names: prefixes are stripped for matching, exact names kept for answers.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalToolName, findTool, readOfferedTools } from '../../../src/assist/index.ts';

describe('canonicalToolName', () => {
  const rows: [string, string][] = [
    ['HassTurnOn', 'HassTurnOn'],
    ['intent__HassTurnOn', 'HassTurnOn'],
    ['assist__homeassistant__GetLiveContext', 'GetLiveContext'],
    ['assist.HassLightSet', 'HassLightSet'],
    ['todo__todo_get_items', 'todo_get_items'],
    ['execute_services', 'execute_services'],
    ['weird__', 'weird__'],
  ];
  for (const [name, canonical] of rows)
    it(`${name} → ${canonical}`, () => assert.equal(canonicalToolName(name), canonical));
});

describe('findTool', () => {
  it('finds by canonical name and answers with the exact offered name', () => {
    const tools = readOfferedTools([{ name: 'intent__HassTurnOff' }, { name: 'llm__GetDateTime', description: 'now' }]);
    assert.equal(findTool(tools, 'HassTurnOff')?.name, 'intent__HassTurnOff');
    assert.equal(findTool(tools, 'GetDateTime')?.description, 'now');
    assert.equal(findTool(tools, 'HassTurnOn'), undefined);
  });
});
