// The policy file `policy.json` in the data folder, read and replaced whole; the tool add-on parses and checks it.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  type Stats,
  writeSync,
} from 'node:fs';
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

/** The mode bits that let the group or others write a file. */
const SHARED_WRITE_BITS = 0o022;

/**
 * Reads `policy.json` in the data folder `dataDir`, unless it is larger than `maxBytes` (the size is taken from the
 * open file, so a file swapped in between cannot slip past it); throws `POLICY_FILE_UNREADABLE` naming it when it
 * cannot, and `POLICY_FILE_UNSAFE` naming it and the check when it is a symbolic link, not a regular file, writable
 * by the group or others, or owned by another user than this process's.
 */
export function readPolicyFile(dataDir: string, options: { maxBytes?: number } = {}): PolicyFileRead {
  const path = join(dataDir, POLICY_FILE);
  try {
    // O_NOFOLLOW: a symbolic link fails the open itself (ELOOP), so no link can be swapped in after a check.
    const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const stats = fstatSync(fd);
      checkSafe(path, stats);
      const bytes = stats.size;
      if (options.maxBytes !== undefined && bytes > options.maxBytes)
        return { kind: 'too-large', path, bytes, limitBytes: options.maxBytes };
      return { kind: 'text', text: readFileSync(fd, 'utf8'), path };
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if (isRecord(error) && error.code === 'ENOENT') return { kind: 'absent' };
    if (error instanceof HearthError) throw error;
    if (isRecord(error) && error.code === 'ELOOP') throw unsafe(path, 'is a symbolic link', error);
    throw new HearthError('POLICY_FILE_UNREADABLE', `hearth cannot read its policy file ${path}`, {
      cause: error,
    });
  }
}

/** Throws `POLICY_FILE_UNSAFE` when the open file is not a regular file this process's user alone may write. */
function checkSafe(path: string, stats: Stats): void {
  if (!stats.isFile()) throw unsafe(path, 'is not a regular file');
  if ((stats.mode & SHARED_WRITE_BITS) !== 0)
    throw unsafe(path, `is writable by the ${(stats.mode & 0o002) !== 0 ? 'world' : 'group'} (mode ${modeOf(stats)})`);
  const uid = process.getuid?.();
  // Windows has no owner uid to compare (getuid is absent there).
  if (uid !== undefined && stats.uid !== uid) throw unsafe(path, `is owned by uid ${stats.uid}, not hearth's ${uid}`);
}

function modeOf(stats: Stats): string {
  return (stats.mode & 0o777).toString(8).padStart(3, '0');
}

/** The coded refusal of an unsafe policy file: the tools stop until an administrator saves valid limits. */
function unsafe(path: string, check: string, cause?: unknown): HearthError {
  const message = `hearth does not trust its policy file ${path}: it ${check}; the tools are stopped until an administrator saves valid limits`;
  return new HearthError('POLICY_FILE_UNSAFE', message, { cause });
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
