// The policy file `policy.json` in the data folder, read and replaced whole; the tool add-on parses and checks it.
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { HearthError, isRecord } from '../common/index.ts';

/** The policy file's name in the data folder. */
export const POLICY_FILE = 'policy.json';

/** The policy file's permission bits: the user alone may read and write it. */
const POLICY_FILE_MODE = 0o600;

/**
 * What {@link readPolicyFile} found: no file, its text (not yet parsed) and where it is, or a file larger than the
 * limit asked for (its size in bytes; it was not read).
 */
export type PolicyFileRead =
  | { kind: 'absent' }
  | { kind: 'text'; text: string; path: string }
  | { kind: 'too-large'; path: string; bytes: number; limitBytes: number };

/**
 * Reads `policy.json` in the data folder `dataDir`, unless it is larger than `maxBytes` (the size is taken from the
 * open file, so a file swapped in between cannot slip past it); throws `POLICY_FILE_UNREADABLE` naming it when it
 * cannot.
 */
export function readPolicyFile(dataDir: string, options: { maxBytes?: number } = {}): PolicyFileRead {
  const path = join(dataDir, POLICY_FILE);
  try {
    const fd = openSync(path, 'r');
    try {
      const bytes = fstatSync(fd).size;
      if (options.maxBytes !== undefined && bytes > options.maxBytes)
        return { kind: 'too-large', path, bytes, limitBytes: options.maxBytes };
      return { kind: 'text', text: readFileSync(fd, 'utf8'), path };
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if (isRecord(error) && error.code === 'ENOENT') return { kind: 'absent' };
    throw new HearthError('internal', 'POLICY_FILE_UNREADABLE', `hearth cannot read its policy file ${path}`, {
      cause: error,
    });
  }
}

/**
 * Replaces `policy.json` in `dataDir` with `text` (mode 0600), atomically: a reader, or a crash, sees the old file or
 * the new one, never half of one. Throws `POLICY_FILE_UNWRITABLE` naming the file when it cannot.
 */
export function writePolicyFile(dataDir: string, text: string): void {
  const path = join(dataDir, POLICY_FILE);
  // In the same folder, so that the rename stays on one filesystem and is atomic.
  const temporary = join(dataDir, `${POLICY_FILE}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeDurably(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    const reason = error instanceof Error && 'code' in error ? ` (${String(error.code)})` : '';
    throw new HearthError(
      'unavailable',
      'POLICY_FILE_UNWRITABLE',
      `hearth cannot write its policy file ${path}${reason}; the limits in force are unchanged`,
      { cause: error },
    );
  }
  syncFolder(dataDir);
}

/** Creates `path` (mode 0600) with `text` and syncs it to disk, so that the rename never exposes unwritten data. */
function writeDurably(path: string, text: string): void {
  const fd = openSync(path, 'wx', POLICY_FILE_MODE);
  try {
    const bytes = Buffer.from(text, 'utf8');
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Syncs the folder's entries, so that the rename itself survives power loss; best effort. */
function syncFolder(dataDir: string): void {
  try {
    const fd = openSync(dataDir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows cannot open a folder, and some filesystems refuse to sync one; the file itself is already synced and
    // renamed, so the new policy is in place either way.
  }
}
