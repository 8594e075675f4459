// The project's one error class: a code from the table, the kind the table gives it (hence the status), and a cause.

import { type CodeOfKind, ERROR_CODES, type ErrorCode } from './error-codes.ts';
import { type ErrorKind, isErrorKind } from './error-kinds.ts';

/** Options of a {@link HearthError}. */
export interface HearthErrorOptions {
  /** The request field or configuration key the error is about, e.g. `messages[1].role`. */
  param?: string;
  /** The underlying error, kept for logs; never sent on a wire. */
  cause?: unknown;
}

/**
 * The arguments of `new HearthError(…)`: `(code, message, options?)`, the kind coming from {@link ERROR_CODES}; or,
 * until every call site drops it, `(kind, code, message, options?)` where the table gives `code` that kind (any other
 * kind does not compile). TypeScript cannot make a constructor generic, so the second form is one tuple per kind.
 */
export type HearthErrorArgs =
  | [code: ErrorCode, message: string, options?: HearthErrorOptions]
  | { [K in ErrorKind]: [kind: K, code: CodeOfKind<K>, message: string, options?: HearthErrorOptions] }[ErrorKind];

/** Every error this program throws: a `code` of {@link ERROR_CODES} (e.g. `BACKEND_TIMEOUT`), its kind, a message. */
export class HearthError extends Error {
  readonly code: ErrorCode;
  readonly kind: ErrorKind;
  readonly param: string | undefined;

  constructor(...args: HearthErrorArgs) {
    const [code, message, options = {}] = isErrorKind(args[0])
      ? (args.slice(1) as [ErrorCode, string, HearthErrorOptions?])
      : (args as [ErrorCode, string, HearthErrorOptions?]);
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
