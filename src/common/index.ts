// Tiny helpers every folder may use: coded errors, the logger, the clock and ids, object helpers and zod issue text.
export { HearthError, isHearthError } from './errors.ts';
export { HTTP_STATUS_OF, type ErrorKind } from './error-kinds.ts';
export { ERROR_CODES, isErrorCode, type CodeOfKind, type ErrorCode } from './error-codes.ts';
export { modelNotFound } from './model-not-found.ts';
export { noteOrInfo, SILENT_LOGGER, type Logger } from './logger.ts';
export type { Clock, IdSource } from './clock.ts';
export { isRecord } from './is-record.ts';
export { parseJsonObject } from './parse-json-object.ts';
export { definedProps } from './defined-props.ts';
export { fieldsOutside } from './fields-outside.ts';
export { firstIssue, firstIssueMessage, issuePath } from './zod-issue.ts';
export { safeParseJson } from './safe-parse.ts';
