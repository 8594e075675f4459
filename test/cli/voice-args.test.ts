// parseVoiceCommand, table-driven: the flags of `hearth voice` into a run, and what goes together.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCommand } from '../../src/cli/args.ts';

const URL_ARGS = ['voice', '--url', 'http://ha.local:8123'];

describe('hearth voice: the run flags', () => {
  const rows: [string, string[], Record<string, unknown>][] = [
    [
      'a wake-word start with the audio flags and a timeout (numbers as given; ranges are checked later)',
      [
        '--mic',
        '--start-stage',
        'wake_word',
        '--noise-suppression',
        '2',
        '--auto-gain',
        '31',
        '--volume-multiplier',
        '2',
        '--timeout',
        '30',
      ],
      {
        input: { mic: true },
        startStage: 'wake_word',
        noiseSuppression: 2,
        autoGain: 31,
        volumeMultiplier: 2,
        timeout: 30,
      },
    ],
    [
      'an stt start with the wake word phrase and a device',
      ['--wav', 'a.wav', '--wake-word-phrase', 'okay nabu', '--device-id', 'dev1'],
      { input: { wav: 'a.wav' }, wakeWordPhrase: 'okay nabu', deviceId: 'dev1' },
    ],
    ['--raw-pcm 0 parses; it is refused before connecting, in one line', ['--raw-pcm', '0'], { input: { rawPcm: 0 } }],
    [
      'a number that is not one is NaN, refused the same way',
      ['--text', 'x', '--timeout', 'soon'],
      { input: { text: 'x' }, timeout: Number.NaN },
    ],
    [
      '--text from tts may save its audio',
      ['--text', 'x', '--start-stage', 'tts', '--save-audio', 'a.mp3'],
      { input: { text: 'x' }, startStage: 'tts', saveAudio: 'a.mp3' },
    ],
  ];
  for (const [name, args, expected] of rows) {
    it(name, () => {
      const command = parseCommand([...URL_ARGS, ...args]);
      assert.ok(command.kind === 'voice' && command.action === 'run');
      const { kind: _, target: __, isJson: ___, action: ____, ...run } = command;
      assert.deepEqual(run, expected);
    });
  }

  it('refuses --save-audio for an audio run that ends before tts', () =>
    assert.throws(
      () => parseCommand([...URL_ARGS, '--mic', '--end-stage', 'intent', '--save-audio', 'a.mp3']),
      /--save-audio needs the run to end at tts/,
    ));
});
