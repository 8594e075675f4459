// The project's one error class: a code from the table, the kind the table gives it (hence the status), and a cause.

import { ERROR_CODES, type ErrorCode } from './error-codes.ts';
import type { ErrorKind } from './error-kinds.ts';

/** Options of a {@link HearthError}. */
export interface HearthErrorOptions {
  /** The request field or configuration key the error is about, e.g. `messages[1].role`. */
  param?: string;
  /** The underlying error, kept for logs; never sent on a wire. */
  cause?: unknown;
}

/** Every error this program throws: a `code` of {@link ERROR_CODES} (e.g. `BACKEND_TIMEOUT`), its kind, a message. */
export class HearthError extends Error {
  readonly code: ErrorCode;
  readonly kind: ErrorKind;
  readonly param: string | undefined;

  /** An error of `code`; its kind (hence its HTTP status) is the one {@link ERROR_CODES} gives the code. */
  constructor(code: ErrorCode, message: string, options: HearthErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HearthError';
    this.kind = ERROR_CODES[code].kind;
    this.code = code;
    this.param = options.param;
  }
}

/** True when `value` is a {@link HearthError}. */
export function isHearthError(value: unknown): value is HearthError {
  return value instanceof HearthError;
}
