// Creating a private file whole or not at all, once: the way hearth writes its key file and its ownership file.

import { randomBytes } from 'node:crypto';
import { linkSync, rmSync, writeFileSync } from 'node:fs';
import { isRecord } from '../common/index.ts';

/** Error codes of `link` on filesystems without hard links (FAT, some network shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Creates `path` holding `text` with permission bits `mode`; false when the file already exists. The text is written
 * to a private temporary file and hard-linked into place: the link fails when the file exists, so of two processes
 * creating it at once only one does, and a reader never sees a half-written file. Where the filesystem has no hard
 * links, `path` is written directly (still exclusively). Other failures throw the file system's error.
 */
export function createFileExclusively(path: string, text: string, mode: number): boolean {
  const temporary = temporaryPath(path);
  try {
    writeFileSync(temporary, text, { flag: 'wx', mode });
    try {
      linkSync(temporary, path);
    } catch (error) {
      if (!(isRecord(error) && typeof error.code === 'string' && NO_HARD_LINKS.has(error.code))) throw error;
      writeFileSync(path, text, { flag: 'wx', mode });
    }
    return true;
  } catch (error) {
    if (isRecord(error) && error.code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** A new private temporary name beside `path`. */
export function temporaryPath(path: string): string {
  return `${path}.${randomBytes(6).toString('hex')}.tmp`;
}
