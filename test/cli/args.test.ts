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
  ];
  for (const [argv, expected] of ROWS)
    it(`reads ${argv.join(' ') || '(nothing)'}`, () => assert.deepEqual(parseCommand(argv), expected));

  const BAD: [string[], RegExp][] = [
    [['serve', '--port', 'http'], /--port must be a whole number/],
    [['serve', '--port', '65536'], /--port must be a whole number/],
    [['serve', '--bogus'], /Unknown option '--bogus'/],
    [['fly'], /Unknown command 'fly'/],
    [['serve', 'extra'], /Unexpected argument 'extra'/],
  ];
  for (const [argv, message] of BAD) {
    it(`refuses ${argv.join(' ')}`, () =>
      assert.throws(
        () => parseCommand(argv),
        (error: Error & { code?: string }) => message.test(error.message) && error.code === 'BAD_ARGUMENTS',
      ));
  }
});
