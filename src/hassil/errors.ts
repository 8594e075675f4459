// The engine's errors: a broken template or grammar names where it is, a missing list or rule names it.

/** Where in a grammar something went wrong; every field that is known is filled in. */
export interface GrammarLocation {
  file?: string;
  /** 1-based line in `file`, when the loader knows it. */
  line?: number;
  intent?: string;
  template?: string;
  /** 1-based column in `template`. */
  column?: number;
}

/** Error codes of the engine. */
export type HassilErrorCode =
  | 'TEMPLATE_SYNTAX'
  | 'MISSING_LIST'
  | 'MISSING_RULE'
  | 'INVALID_GRAMMAR'
  | 'RULE_CYCLE'
  | 'RESPONSE_TEMPLATE';

/** Every error the engine throws: a code, a message that says where, and the location as data. */
export class HassilError extends Error {
  readonly code: HassilErrorCode;
  readonly location: GrammarLocation;

  constructor(code: HassilErrorCode, message: string, location: GrammarLocation = {}, cause?: unknown) {
    super(`${message}${describeLocation(location)}`, cause === undefined ? undefined : { cause });
    this.name = 'HassilError';
    this.code = code;
    this.location = location;
  }

  /** The same error with more location filled in (inner fields win). */
  at(outer: GrammarLocation): HassilError {
    const location = { ...outer, ...this.location };
    const bare = this.message.slice(0, this.message.length - describeLocation(this.location).length);
    return new HassilError(this.code, bare, location, this.cause);
  }
}

function describeLocation(location: GrammarLocation): string {
  const parts: string[] = [];
  if (location.file !== undefined)
    parts.push(location.line === undefined ? `file ${location.file}` : `file ${location.file}, line ${location.line}`);
  if (location.intent !== undefined) parts.push(`intent ${location.intent}`);
  if (location.template !== undefined) parts.push(`template "${location.template}"`);
  if (location.column !== undefined) parts.push(`column ${location.column}`);
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}
