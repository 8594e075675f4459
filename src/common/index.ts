// Tiny helpers every folder may use: errors, the logger interface, the clock and id source.
export { HearthError, isHearthError, type ErrorKind, type HearthErrorOptions } from './errors.ts';
export { SILENT_LOGGER, type Logger, type LogMethod } from './logger.ts';
export type { Clock, IdSource } from './clock.ts';
