// The template parser: structure, whitespace inside chunks, references, and errors that say where.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HassilError, parseSentence, type Expression } from '../../src/hassil/index.ts';

/** A compact rendering of a tree: text as "…", groups as (…|…), [(…)] for optionals, {l:s}, <r>, (…;…). */
function show(expression: Expression): string {
  switch (expression.kind) {
    case 'text':
      return JSON.stringify(expression.text);
    case 'sequence':
      return expression.items.map(show).join(' ');
    case 'alternative':
      return `${expression.isOptional ? '[' : '('}${expression.items.map(show).join('|')}${expression.isOptional ? ']' : ')'}`;
    case 'permutation':
      return `(${expression.items.map(show).join(';')})`;
    case 'list':
      return `{${expression.listName}:${expression.isCapture ? '@' : ''}${expression.slotName}${expression.isEndOfWord ? '' : '+'}${expression.inlineRange ? `=${expression.inlineRange.start}..${expression.inlineRange.stop},${expression.inlineRange.step}` : ''}}`;
    case 'rule':
      return `<${expression.ruleName}>`;
  }
}

const ROWS: [string, string][] = [
  ['turn on [the] light[s]', '"turn " "on " ["the"|""] " light" ["s"|""]'],
  ['(a;b)', '(" " "a" " ";" " "b" " ")'],
  ['<turn> on [<the>] {name}', '<turn> " on " [<the>|""] " " {name:name}'],
  ['{timer_minutes:minutes} {area}s', '{timer_minutes:minutes} " " {area:area+} "s"'],
  ['(turn|switch) on', '("turn"|"switch") " on"'],
  ['[[of ](the|my)]', '[["of "|""] ("the"|"my")|""]'],
  ['{brightness}[ ]%', '{brightness:brightness+} [" "|""] "%"'],
  ['{list:@cap} {@other}', '{list:@cap} " " {other:@other}'],
  ['{0..100,10:level}', '{0..100,10:level=0..100,10}'],
  ['say \\(hi\\)', '"say " "(hi)"'],
  ['  spaced   out  ', '"spaced " "out"'],
  ['it’s on', '"it\'s " "on"'],
];

describe('parseSentence', () => {
  for (const [template, expected] of ROWS) {
    it(`parses ${template}`, () => assert.equal(show(parseSentence(template).expression), expected));
  }

  const BROKEN: [string, RegExp][] = [
    ['turn (on', /'\(' is never closed \(template "turn \(on", column 6\)/],
    ['turn on)', /unexpected '\)' \(template "turn on\)", column 8\)/],
    ['[the light', /'\[' is never closed/],
    ['{name', /'\{' is never closed/],
    ['(a|b;c)', /cannot mix '\|' and ';'/],
    ['{:slot}', /needs a list name and a slot name/],
  ];
  for (const [template, message] of BROKEN) {
    it(`refuses ${template} naming template and column`, () => {
      assert.throws(
        () => parseSentence(template),
        (error: unknown) =>
          error instanceof HassilError && error.code === 'TEMPLATE_SYNTAX' && message.test(error.message),
      );
    });
  }
});
