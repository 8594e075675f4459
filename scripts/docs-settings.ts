// `npm run docs:settings`: writes HA-Assist's settings table into the README's Configuration table and hearth.example.yaml.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderExampleLines, renderReadmeRows, replaceSettingLines } from './settings-docs.ts';

const ROOT = new URL('..', import.meta.url).pathname;

for (const [file, lines] of [
  ['README.md', renderReadmeRows()],
  ['hearth.example.yaml', renderExampleLines()],
] as const) {
  const path = join(ROOT, file);
  const before = readFileSync(path, 'utf8');
  const after = replaceSettingLines(before, lines);
  if (after !== before) writeFileSync(path, after);
  console.log(`${file}: ${after === before ? 'up to date' : 'updated'}`);
}
