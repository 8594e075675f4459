// The command line.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommand } from '../../src/cli/args.ts';

describe('parseCommand', () => {
  const ROWS: [string[], unknown][] = [
    [['serve'], { kind: 'serve' }],
    [
      ['serve', '--host', '0.0.0.0', '--port', '9000', '--config', 'h.yaml'],
      { kind: 'serve', host: '0.0.0.0', port: 9000, configPath: 'h.yaml' },
    ],
    [['serve', '-c', 'h.yaml', '--port=0'], { kind: 'serve', port: 0, configPath: 'h.yaml' }],
    [[], { kind: 'help' }],
    [['--help'], { kind: 'help' }],
    [['serve', '--version'], { kind: 'version' }],
    [
      ['connections', 'add', 'home', '--url', 'https://ha.local:8123'],
      { kind: 'connections', action: 'add', name: 'home', url: 'https://ha.local:8123' },
    ],
    [
      ['connections', 'add', 'home', '--url', 'https://ha.local:8123', '--pin', 'ha.local:8123=ab', '-c', 'h.yaml'],
      {
        kind: 'connections',
        action: 'add',
        name: 'home',
        url: 'https://ha.local:8123',
        pin: 'ha.local:8123=ab',
        configPath: 'h.yaml',
      },
    ],
    [['connections', 'list'], { kind: 'connections', action: 'list' }],
    [['connections', 'test', 'home'], { kind: 'connections', action: 'test', name: 'home' }],
    [['connections', 'remove', 'home'], { kind: 'connections', action: 'remove', name: 'home' }],
    [['mcp'], { kind: 'mcp', connections: [] }],
    [
      ['mcp', '--connection', 'home', '--connection', 'cabin', '--config', 'h.yaml'],
      { kind: 'mcp', connections: ['home', 'cabin'], configPath: 'h.yaml' },
    ],
  ];
  for (const [argv, expected] of ROWS)
    it(`reads ${argv.join(' ') || '(nothing)'}`, () => assert.deepEqual(parseCommand(argv), expected));

  const BAD: [string[], RegExp][] = [
    [['serve', '--port', 'http'], /--port must be a whole number/],
    [['serve', '--port', '65536'], /--port must be a whole number/],
    [['serve', '--bogus'], /Unknown option '--bogus'/],
    [['fly'], /Unknown command 'fly'/],
    [['serve', 'extra'], /Unexpected argument 'extra'/],
    [['serve', '--url', 'https://x'], /--url is not an option of hearth serve/],
    [['connections'], /takes one of add, list, test, remove/],
    [['connections', 'add', 'home'], /needs --url URL/],
    [['connections', 'add', '--url', 'https://x'], /add takes one NAME/],
    [['connections', 'add', 'home', 'token-here', '--url', 'https://x'], /add takes one NAME/],
    [['connections', 'test', 'home', '--url', 'https://x'], /--url is not an option of hearth connections/],
    [['connections', 'list', 'home'], /Unexpected argument 'home'/],
    [['mcp', '--port', '1'], /--port is not an option of hearth mcp/],
  ];
  for (const [argv, message] of BAD) {
    it(`refuses ${argv.join(' ')}`, () =>
      assert.throws(
        () => parseCommand(argv),
        (error: Error & { code?: string }) => message.test(error.message) && error.code === 'BAD_ARGUMENTS',
      ));
  }
});
