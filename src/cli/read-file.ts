// Reading a file the user named, where "not there" is an answer rather than an error.

import { readFileSync } from 'node:fs';

/** The file's text, or undefined when it does not exist (other errors are thrown). */
export function readFileIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
