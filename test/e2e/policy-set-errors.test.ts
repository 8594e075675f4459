// Issue 26 through the real program: a file a command is given that cannot be used (missing, a folder, not JSON) is
// one line on stderr naming the file and the problem, and exit 1; never a stack trace.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runHearthCommand } from './spawn-hearth.ts';

describe('a file given to a command that cannot be used is one line and exit 1', () => {
  let dir: string;
  let env: Record<string, string>;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-file-errors-'));
    mkdirSync(join(dir, 'folder'));
    writeFileSync(join(dir, 'not-json.json'), 'not json\n');
    // A data folder of its own; no Ollama is asked about (port 9 refuses).
    env = { HOME: dir, HEARTH__DATA_DIR: join(dir, 'data'), OLLAMA_HOST: 'http://127.0.0.1:9' };
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const rows: { args: (dir: string) => string[]; line: (dir: string) => RegExp }[] = [
    {
      args: (d) => ['policy', 'set', join(d, 'missing.json')],
      line: (d) => exactly(`hearth: cannot read ${join(d, 'missing.json')}: no such file or directory.`),
    },
    {
      args: (d) => ['policy', 'set', join(d, 'folder')],
      line: (d) => exactly(`hearth: cannot read ${join(d, 'folder')}: illegal operation on a directory.`),
    },
    {
      args: (d) => ['policy', 'set', join(d, 'not-json.json')],
      line: (d) =>
        new RegExp(`^hearth: ${escapeRegExp(join(d, 'not-json.json'))}: the limits were not saved: .*not valid JSON`),
    },
    {
      args: (d) => ['ask', 'is the kitchen light on', '--config', join(d, 'folder')],
      line: (d) => exactly(`hearth: cannot read ${join(d, 'folder')}: illegal operation on a directory.`),
    },
    {
      args: (d) => ['ask', 'is the kitchen light on', '--home', join(d, 'folder')],
      line: (d) => exactly(`hearth: cannot read ${join(d, 'folder')}: illegal operation on a directory.`),
    },
    {
      args: (d) => ['ask', 'is the kitchen light on', '--home', join(d, 'not-json.json')],
      line: (d) =>
        new RegExp(
          `^hearth: --home ${escapeRegExp(join(d, 'not-json.json'))}: not a saved request body: .*not valid JSON`,
        ),
    },
    {
      args: (d) => ['serve', '--port', '0', '--config', join(d, 'folder')],
      line: (d) => exactly(`hearth: cannot read ${join(d, 'folder')}: illegal operation on a directory.`),
    },
    {
      args: (d) => ['policy', 'show', '--config', join(d, 'missing.yaml')],
      line: (d) => exactly(`hearth: The configuration file ${join(d, 'missing.yaml')} does not exist.`),
    },
  ];

  for (const row of rows) {
    it(`hearth ${row.args('DIR').join(' ')}`, async () => {
      const run = await runHearthCommand(row.args(dir), env);
      assert.equal(run.code, 1, run.stderr);
      assert.equal(run.stdout, '');
      const lines = run.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, run.stderr);
      assert.match(lines[0]!, row.line(dir));
      assert.doesNotMatch(run.stderr, /\n\s+at |node:internal|Error:/);
    });
  }
});

function exactly(line: string): RegExp {
  return new RegExp(`^${escapeRegExp(line)}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
