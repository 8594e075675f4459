#!/usr/bin/env node
// Runs every test/**/*.test.ts with Node's test runner against the TypeScript sources (through tsx).
// Usage: node scripts/run-tests.mjs [path-fragment ...]  (fragments filter the file list)
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function collect(dir) {
  const files = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...collect(path));
    else if (entry.endsWith('.test.ts')) files.push(relative(root, path));
  }
  return files;
}

const filters = process.argv.slice(2);
const files = collect(join(root, 'test'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
