#!/usr/bin/env node
// Lint: every source and test file name is kebab-case (docs/STYLE.md §4); tests end in .test.ts.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.(ts|tsx|mjs|md|json|yaml|pem|css|html)$/;
const bad = [];

// Vendored data keeps its upstream names (Home Assistant's intents use the intent names as folders).
const VENDORED = join(root, 'test', 'data');

function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (path === VENDORED) continue;
    if (statSync(path).isDirectory()) {
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(entry)) bad.push(`${relative(root, path)}/ (folder)`);
      walk(path);
    } else if (!KEBAB.test(entry) && entry !== 'README.md') {
      bad.push(relative(root, path));
    }
  }
}

for (const dir of ['src', 'test', 'bench', 'scripts', 'web']) {
  try {
    walk(join(root, dir));
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
}
if (bad.length > 0) {
  console.error(`File names must be kebab-case (docs/STYLE.md §4):\n  ${bad.join('\n  ')}`);
  process.exit(1);
}
console.log('file names: ok');
