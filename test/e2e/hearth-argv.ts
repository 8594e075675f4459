// How the tests run the hearth command: the compiled program when it is newer than every source file (a clean clone
// after `npm ci`, which builds it), else the sources through tsx. The build starts in a third of the time, and the
// suite starts hearth a few hundred times; a stale build is never run.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../fixtures/data.ts';

/** Node's arguments that run `hearth ARGS…` from the repository's root. */
export function hearthArgv(args: readonly string[]): string[] {
  return isBuildFresh()
    ? [join(REPO_ROOT, 'bin', 'hearth.mjs'), ...args]
    : ['--import', 'tsx', 'src/cli/main.ts', ...args];
}

/** True when `dist/cli/main.js` was written after the newest file of `src/` (and of the build's configuration). */
function isBuildFresh(): boolean {
  let built: number;
  try {
    built = statSync(join(REPO_ROOT, 'dist', 'cli', 'main.js')).mtimeMs;
  } catch {
    return false;
  }
  const inputs = [
    join(REPO_ROOT, 'tsconfig.json'),
    join(REPO_ROOT, 'tsconfig.build.json'),
    join(REPO_ROOT, 'package.json'),
  ];
  return (
    newestIn(
      join(REPO_ROOT, 'src'),
      inputs.map((file) => statSync(file).mtimeMs),
    ) <= built
  );
}

/** The newest modification time of the files under `dir`, starting from `times`. */
function newestIn(dir: string, times: number[]): number {
  let newest = Math.max(0, ...times);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path, []) : statSync(path).mtimeMs);
  }
  return newest;
}
