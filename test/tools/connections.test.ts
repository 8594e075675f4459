// A new connection's size limits: the first field over its limit, named with the limit, never quoting a token.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkConnectionSizes, INPUT_LIMITS, type NewConnection } from '../../src/tools/index.ts';

const OK: NewConnection = { name: 'home', url: 'https://ha.example:8123', token: 'eyJ-token' };
const { connectionNameChars, urlChars, tokenChars } = INPUT_LIMITS;

describe('checkConnectionSizes', () => {
  it('passes a connection at every limit', () => {
    const atLimits = {
      name: 'n'.repeat(connectionNameChars),
      url: `https://${'h'.repeat(urlChars - 8)}`,
      token: 't'.repeat(tokenChars),
      pin: 'p'.repeat(urlChars),
    };
    assert.equal(checkConnectionSizes(atLimits), null);
    assert.equal(checkConnectionSizes(OK), null);
  });

  const rows: Array<[string, NewConnection, { field: string; reason: string }]> = [
    [
      'a name one character over',
      { ...OK, name: 'n'.repeat(connectionNameChars + 1) },
      { field: 'name', reason: `the name is 65 characters, over the limit of 64: "${'n'.repeat(65)}"` },
    ],
    [
      'a 1 MB address, quoted cut',
      { ...OK, url: `https://${'a'.repeat(1024 * 1024)}` },
      {
        field: 'url',
        reason: `the address is 1048584 characters, over the limit of 2048: "https://${'a'.repeat(112)}"… (1048584 characters)`,
      },
    ],
    [
      'a 5 MB token, never quoted',
      { ...OK, token: 'T'.repeat(5 * 1024 * 1024) },
      { field: 'token', reason: 'the token is 5242880 characters, over the limit of 4096' },
    ],
    [
      'a pin longer than an address',
      { ...OK, pin: 'p'.repeat(urlChars + 1) },
      {
        field: 'pin',
        reason: `the pin is 2049 characters, over the limit of 2048: "${'p'.repeat(120)}"… (2049 characters)`,
      },
    ],
    [
      'the name first when every field is over',
      { name: 'n'.repeat(100), url: 'u'.repeat(3000), token: 't'.repeat(5000) },
      { field: 'name', reason: `the name is 100 characters, over the limit of 64: "${'n'.repeat(100)}"` },
    ],
  ];
  for (const [name, input, expected] of rows)
    it(`refuses ${name}`, () => {
      assert.deepEqual(checkConnectionSizes(input), { kind: 'invalid', ...expected });
    });
});
