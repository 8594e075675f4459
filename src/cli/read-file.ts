// Reading a file the user named: "not there" can be an answer, and any other failure is one line naming the file.

import { readFileSync } from 'node:fs';
import { HearthError } from '../common/index.ts';

/** The file's text, or undefined when it does not exist (any other failure is a `FILE_UNREADABLE` error naming it). */
export function readFileIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fileErrorOf(error, { path }) ?? error;
  }
}

/** The file's text; any failure, a missing file included, is a `FILE_UNREADABLE` error naming it. */
export function readNamedFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw fileErrorOf(error, { path }) ?? error;
  }
}

/** What a file system call failed at, in the words of the one line a command prints. */
const VERB_OF: Readonly<Record<string, string>> = {
  open: 'cannot read',
  read: 'cannot read',
  stat: 'cannot read',
  lstat: 'cannot read',
  scandir: 'cannot read',
  mkdir: 'cannot create',
  write: 'cannot write',
  rename: 'cannot write',
};

/**
 * A failed file system call (Node's error with `code` and `syscall`) as a one-line `FILE_UNREADABLE` error naming the
 * file and the problem ("cannot read policy.json: no such file or directory"); undefined for any other error. `path`
 * names the file when the error does not (a read of a folder fails on its descriptor, with no path).
 */
export function fileErrorOf(error: unknown, named: { path?: string } = {}): HearthError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, syscall } = error as NodeJS.ErrnoException;
  if (code === undefined || syscall === undefined) return undefined;
  const path = (error as NodeJS.ErrnoException).path ?? named.path;
  // Node's message is "ENOENT: no such file or directory, stat '/x'": the words between the code and the call.
  const problem = /^[A-Z0-9_]+: ([^,]+),/.exec(error.message)?.[1] ?? code;
  const verb = VERB_OF[syscall] ?? `${syscall} failed on`;
  const message = `${verb} ${path ?? 'a file'}: ${problem}.`;
  return new HearthError('FILE_UNREADABLE', message, { cause: error });
}
