// The logger interface the core writes to; cli/ passes in a pino logger that satisfies it.

/** A structured log method: an object of fields and a message. */
export type LogMethod = (fields: Record<string, unknown>, message: string) => void;

/** The subset of pino's API the program uses. */
export interface Logger {
  debug: LogMethod;
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
  /** A logger that adds `bindings` to every line (e.g. the request id). */
  child(bindings: Record<string, unknown>): Logger;
  /** Whether debug lines are written; message content is only logged at debug level. */
  isLevelEnabled(level: 'debug' | 'info' | 'warn' | 'error'): boolean;
  /**
   * Adds `fields` to the one line that ends the current request (what HA-Assist decided, say). Only a request's
   * logger has it; elsewhere the fields are a line of their own.
   */
  note?(fields: Record<string, unknown>, message: string): void;
}

/** Writes `fields` on the request's closing line when `logger` is a request's, else as an info line of their own. */
export function noteOrInfo(logger: Logger, fields: Record<string, unknown>, message: string): void {
  if (logger.note !== undefined) logger.note(fields, message);
  else logger.info(fields, message);
}

const noop: LogMethod = () => {};

/** A logger that writes nothing, for tests and library use. */
export const SILENT_LOGGER: Logger = {
  debug: noop,
  info: noop,
  warn: noop,
  error: noop,
  child: () => SILENT_LOGGER,
  isLevelEnabled: () => false,
};
