// Terminal text: a row per kind of control character, text that needs nothing kept as it is, and linear time.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { terminalLines, terminalText } from '../../src/cli/terminal-text.ts';

describe('terminalText', () => {
  const rows: { name: string; input: string; output: string }[] = [
    { name: 'plain text, accents and emoji kept', input: 'Küche 💡 light.kitchen', output: 'Küche 💡 light.kitchen' },
    {
      name: 'an escape sequence that moves the cursor',
      input: 'ok\u001b[2K\u001b[1Gyes',
      output: 'ok\\x1b[2K\\x1b[1Gyes',
    },
    {
      name: 'a carriage return that rewrites the line',
      input: 'Kitchen\rFront door',
      output: 'Kitchen\\x0dFront door',
    },
    { name: 'a line feed and a tab that forge a line or a column', input: 'a\nb\tc', output: 'a\\x0ab\\x09c' },
    { name: 'backspace, bell and NUL', input: '\b\u0007\u0000', output: '\\x08\\x07\\x00' },
    { name: 'DEL and a one-byte CSI (C1)', input: '\u007f\u009b2J', output: '\\x7f\\x9b2J' },
    { name: 'line and paragraph separators', input: 'a\u2028b\u2029', output: 'a\\u2028b\\u2029' },
    {
      name: 'a right-to-left override and an isolate',
      input: '\u202eevil\u2066x\u2069',
      output: '\\u202eevil\\u2066x\\u2069',
    },
  ];
  for (const row of rows) it(row.name, () => assert.equal(terminalText(row.input), row.output));

  it('terminalLines keeps the line breaks of a text of several lines and escapes the rest', () => {
    assert.equal(terminalLines('{\n  "a": "\u001b[31m"\n}'), '{\n  "a": "\\x1b[31m"\n}');
  });

  it('takes time linear in its text (1 MB of hostile names within 15× the time of 100 k)', () => {
    // A name with escape sequences, repeated: text of only escape characters quadruples in size when escaped, and
    // then measures the allocator (4 MB of output leaves the young generation), not the scan.
    const text = (length: number) => 'Kitchen light\u001b[2K\r '.repeat(Math.ceil(length / 22)).slice(0, length);
    // The shortest time per call of three samples; each sample lasts some milliseconds (the 100 k one ten times as
    // many calls), so the timer's resolution does not decide the ratio.
    const perCall = (value: string, repeat: number) => {
      let fastest = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        for (let i = 0; i < repeat; i++) terminalText(value);
        fastest = Math.min(fastest, (performance.now() - started) / repeat);
      }
      return fastest;
    };
    const small = text(100_000);
    const large = text(1_000_000);
    perCall(small, 10);
    // The machine is shared: a sample slowed by another process is measured again, up to three times. A quadratic
    // scan is about 100× every time, so the best of three cannot hide it.
    let ratio = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 3 && ratio >= 15; attempt++)
      ratio = Math.min(ratio, perCall(large, 5) / perCall(small, 50));
    assert.ok(ratio < 15, `${ratio.toFixed(1)}×`);
  });
});
