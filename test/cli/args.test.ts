// The command line.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COMMAND_USAGE, parseCommand, usageOf } from '../../src/cli/args.ts';

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
    [['serve', '--help'], { kind: 'help', topic: 'serve' }],
    [['voice', 'pipelines', '-h'], { kind: 'help', topic: 'voice' }],
    [['connections', 'add', '--help'], { kind: 'help', topic: 'connections' }],
    [['help', 'journal'], { kind: 'help', topic: 'journal' }],
    [['help'], { kind: 'help' }],
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
      ['voice', '--url', 'http://ha.local:8123', '--text', 'hi'],
      { kind: 'voice', target: { url: 'http://ha.local:8123' }, isJson: false, action: 'run', input: { text: 'hi' } },
    ],
    [
      ['voice', '--connection', 'home', '--wav', 'a.wav', '--end-stage', 'intent', '--json', '--pipeline', 'p1'],
      {
        kind: 'voice',
        target: { connection: 'home' },
        isJson: true,
        pipeline: 'p1',
        action: 'run',
        input: { wav: 'a.wav' },
        endStage: 'intent',
      },
    ],
    [
      ['voice', 'bench', 'lines.txt', '--url', 'https://ha.example.org'],
      { kind: 'voice', target: { url: 'https://ha.example.org' }, isJson: false, action: 'bench', file: 'lines.txt' },
    ],
    [['proposals', 'list', '--json'], { kind: 'changes', action: 'proposals-list', isJson: true }],
    [['proposals', 'confirm', 'prop_1'], { kind: 'changes', action: 'proposals-confirm', id: 'prop_1' }],
    [['journal'], { kind: 'changes', action: 'journal', isJson: false }],
    [['policy', 'set', 'p.json'], { kind: 'changes', action: 'policy-set', file: 'p.json' }],
    [
      ['connections', 'mode', 'home', 'ask-first'],
      { kind: 'connections', action: 'mode', name: 'home', mode: 'ask-first' },
    ],
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
    [['voice', '--text', 'hi'], /one of --url URL .* or --connection NAME/],
    [['voice', '--url', 'http://x', '--text', 'hi', '--mic'], /one of --text/],
    [['voice', '--url', 'http://x', '--text', 'hi', '--end-stage', 'stt'], /--end-stage stt comes before it/],
    [['voice', '--url', 'http://x', '--mic', '--end-stage', 'wake'], /--end-stage must be stt, intent or tts/],
    [['voice', 'bench', '--url', 'http://x'], /takes one FILE/],
    [
      ['voice', '--url', 'http://x', '--text', 'hi', '--save-audio', 'a.mp3'],
      /--save-audio with --text needs --end-stage tts/,
    ],
    [['connections', 'mode', 'home', 'sometimes'], /read-only, ask-first, act/],
    [['policy', 'edit'], /takes show or set FILE/],
  ];
  for (const [argv, message] of BAD) {
    it(`refuses ${argv.join(' ')}`, () =>
      assert.throws(
        () => parseCommand(argv),
        (error: Error & { code?: string }) => message.test(error.message) && error.code === 'BAD_ARGUMENTS',
      ));
  }
});

describe('usage', () => {
  it('each command has its own usage, naming only that command', () => {
    const commands = ['serve', 'ask', 'connections', 'proposals', 'journal', 'policy', 'voice', 'mcp'];
    assert.deepEqual(Object.keys(COMMAND_USAGE), commands);
    for (const command of commands) {
      const usage = usageOf(command);
      assert.match(usage, new RegExp(`^Usage:\n  hearth ${command} `));
      for (const other of commands.filter((name) => name !== command))
        assert.doesNotMatch(usage, new RegExp(`hearth ${other} `), `${command}'s usage names ${other}`);
    }
  });

  it('the whole usage lists every command, and an unknown one asked for is an error', () => {
    for (const command of Object.keys(COMMAND_USAGE)) assert.ok(usageOf().includes(`hearth ${command} `));
    assert.throws(() => parseCommand(['help', 'frobnicate']), /Unknown command 'frobnicate'/);
    assert.throws(() => parseCommand(['frobnicate', '--help']), /Unknown command 'frobnicate'/);
  });
});
