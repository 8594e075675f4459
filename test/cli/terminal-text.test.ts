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

  it('escapes a megabyte of hostile names in one pass, exactly as it escapes each one', () => {
    // Its time is a benchmark's business (the scan is one pass over the text); this asserts the large case's result,
    // which a scan that lost its place between escapes would get wrong.
    const name = 'Kitchen light\u001b[2K\r ';
    const repeats = Math.ceil(1_000_000 / name.length);
    assert.equal(terminalText(name.repeat(repeats)), terminalText(name).repeat(repeats));
    assert.equal(terminalText(name), 'Kitchen light\\x1b[2K\\x0d ');
  });
});
