// The error every bad command line is: one line saying what is wrong, coded `BAD_ARGUMENTS`.

import { HearthError } from '../common/index.ts';

/** A `BAD_ARGUMENTS` error with `message`. */
export function badArguments(message: string): HearthError {
  return new HearthError('BAD_ARGUMENTS', message);
}
