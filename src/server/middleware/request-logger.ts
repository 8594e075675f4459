// A request's logger: its lines carry the request id, nothing is bound or written at levels that do not print, and
// what the handler notes joins the one line that ends the request.

import type { Logger } from '../../common/index.ts';

type Level = 'debug' | 'info' | 'warn' | 'error';

/** A request's logger, and the call that writes the request's closing line with every note made before it. */
export interface RequestLogger extends Logger {
  end(fields: Record<string, unknown>, message: string): void;
}

/**
 * The logger of one request on `base`. The child logger bound to `bindings` is made only when a line is written at a
 * level `base` prints, so a request costs no logger (and no redaction) at levels that print nothing. A note made after
 * the closing line (a stream still running) is a line of its own.
 */
export function createRequestLogger(base: Logger, bindings: Record<string, unknown>): RequestLogger {
  let bound: Logger | undefined;
  let notes: Record<string, unknown> | undefined;
  let ended = false;
  const child = () => {
    bound ??= base.child(bindings);
    return bound;
  };
  const at =
    (level: Level) =>
    (fields: Record<string, unknown>, message: string): void => {
      if (base.isLevelEnabled(level)) child()[level](fields, message);
    };
  const info = at('info');
  return {
    debug: at('debug'),
    info,
    warn: at('warn'),
    error: at('error'),
    child: (more) => child().child(more),
    isLevelEnabled: (level) => base.isLevelEnabled(level),
    note(fields, message) {
      if (!base.isLevelEnabled('info')) return;
      if (ended) info(fields, message);
      else notes = { ...notes, ...fields };
    },
    end(fields, message) {
      ended = true;
      info(notes === undefined ? fields : { ...fields, ...notes }, message);
    },
  };
}
