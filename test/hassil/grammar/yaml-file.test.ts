// A YAML file that holds more than one document is refused naming the line where the second starts, whatever the
// characters before it: YAML's white space is a space or a tab, so a U+2028 or U+2029 at the start of a line is
// content to js-yaml, and a first document.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HassilError } from '../../../src/hassil/errors.ts';
import { loadYamlText } from '../../../src/hassil/grammar/yaml-file.ts';

const lineOf = (text: string) => {
  try {
    loadYamlText(text, 'intents.yaml');
    return 'loaded';
  } catch (error) {
    assert.ok(error instanceof HassilError, String(error));
    return error.location.line;
  }
};

describe('a YAML file with a second document', () => {
  const leads = ['\u2028', '\u2029', 'a: 1', 'x', '"x"'];
  const gaps = ['', '# comment\n', '\n\n'];
  for (const lead of leads)
    for (const gap of gaps)
      it(`names the line of the second document after ${JSON.stringify(lead)} and ${JSON.stringify(gap)}`, () => {
        const text = `${lead} # comment\n${gap}---\nb: 2\n`;
        assert.equal(lineOf(text), 2 + gap.split('\n').length - 1);
      });
  // Each `...` ends a document, an empty one too, so a second `...` is a second document to js-yaml.
  const endings = [
    ['...\n...\n', 2],
    ['a: 1\n...\n...\n', 3],
    ['---\n...\n# comment\n\n...\n', 5],
    ['...\n---\n', 2],
  ] as const;
  for (const [text, line] of endings)
    it(`names line ${line} of ${JSON.stringify(text)}, a second document started by its end marker`, () => {
      assert.equal(lineOf(text), line);
    });
  it('loads a file of one document ended by ... and followed by comments only', () => {
    assert.equal(lineOf('a: 1\n...\n# comment\n\n'), 'loaded');
  });
  it('loads a file whose one document starts with --- after comments and blank lines', () => {
    assert.equal(lineOf('# comment\n \t\n---\nb: 2\n'), 'loaded');
  });
});
