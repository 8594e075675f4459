#!/usr/bin/env node
// Runs every test/**/*.test.ts with Node's test runner against the TypeScript sources (through tsx).
// Usage: node scripts/run-tests.mjs [--deep] [path-fragment ...]  (fragments filter the file list; --deep runs every
// fuzz property's full case count, see test/fuzz/fuzz-options.ts)
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

const DEEP_FLAG = '--deep';
const deep = process.argv.includes(DEEP_FLAG);
const filters = process.argv.slice(2).filter((arg) => arg !== DEEP_FLAG);
const files = collect(join(root, 'test'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
// The suite's output is passed through and kept: every log line, error and result a test lets through is scanned
// for the Home Assistant tokens the tests use (test/fixtures/leak-canaries.json), which must never be printed.
// A test that hangs fails after 5 minutes instead of holding the run (and CI) for ever; none is meant to take one.
const TEST_TIMEOUT_MS = 300_000;
// Files run side by side, one per core and never fewer than two: many wait on a child process or a socket, and one
// at a time left the second core idle (Node's default is one fewer than the cores).
const CONCURRENCY = Math.max(2, availableParallelism());
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    `--test-concurrency=${CONCURRENCY}`,
    `--test-timeout=${TEST_TIMEOUT_MS}`,
    ...files,
  ],
  {
    cwd: root,
    stdio: ['inherit', 'pipe', 'pipe'],
    // An ordinary run runs a share of each costly fuzz property's cases, drawn from a fresh seed; a deep run all of them.
    env: deep ? { ...process.env, HEARTH_FUZZ_RUNS: '10000' } : process.env,
  },
);
const output = [];
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  from.on('data', (chunk) => {
    output.push(chunk.toString('utf8'));
    to.write(chunk);
  });
}
const status = await new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1)));
const canaries = JSON.parse(readFileSync(join(root, 'test/fixtures/leak-canaries.json'), 'utf8')).tokens;
const everything = output.join('');
const leaked = canaries.filter((token) => everything.includes(token));
if (leaked.length > 0) {
  console.error(
    `\nA Home Assistant token appeared in the test output (${leaked.length} of ${canaries.length} canaries).`,
  );
  process.exit(1);
}
process.exit(status);
