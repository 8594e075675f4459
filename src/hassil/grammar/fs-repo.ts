// The node:fs implementation of RepoFiles: read access to an intents repository checkout on disk.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RepoFiles } from './intents-repo.ts';

/** Reads an intents repository rooted at `root`; missing files and folders read as undefined and []. */
export function createFsRepo(root: string): RepoFiles {
  return {
    readText(relativePath) {
      try {
        return readFileSync(join(root, relativePath), 'utf8');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    listDir(relativePath) {
      try {
        return readdirSync(join(root, relativePath));
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
