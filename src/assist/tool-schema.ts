// Validating tool-call arguments against the JSON Schema the client offered for that tool (ajv, RE2 patterns).

import { Ajv, type Options, type ValidateFunction } from 'ajv';
import { RE2JS } from 're2js';

/** The outcome of validating arguments: valid, or the first problem in words. */
export type SchemaCheck = { ok: true } | { ok: false; problem: string };

/** How many schemas the validator has compiled, for tests and diagnostics. */
export interface SchemaCacheStats {
  /** The current ajv instance, counted from 1; a full cache starts the next one. */
  generation: number;
  /** Schemas compiled and kept in the current generation. */
  compiled: number;
  /** Every compilation since the validator was made. */
  compilations: number;
}

/** Validates arguments against tool schemas; compiled validators are cached per schema shape. */
export interface ToolSchemaValidator {
  check(schema: Readonly<Record<string, unknown>> | undefined, args: unknown): SchemaCheck;
  stats(): SchemaCacheStats;
}

/** Options of the validator. */
export interface ToolSchemaValidatorOptions {
  /** Distinct schema shapes kept compiled per generation (default 512; Home Assistant offers a few dozen tools). */
  maxCompiled?: number;
}

const DEFAULT_MAX_COMPILED = 512;

/** Longer patterns are not enforced: RE2 compiles in time linear in the pattern, but a client's is still unbounded. */
const MAX_PATTERN_LENGTH = 4096;

/**
 * A validator. HA's schemas are not always strict JSON Schema (empty `{}` in `anyOf`), so ajv runs
 * non-strict. Every request carries its tools anew, so compiled validators are keyed by the schema's
 * text without annotations (descriptions and titles change nothing a check does, and clients vary them).
 * ajv keeps every schema it compiled, so the cache is an ajv per generation: when it is full, the whole
 * ajv and everything it kept is dropped, and the next schema starts a new one.
 */
export function createToolSchemaValidator(options: ToolSchemaValidatorOptions = {}): ToolSchemaValidator {
  const maxCompiled = options.maxCompiled ?? DEFAULT_MAX_COMPILED;
  let ajv = createAjv();
  let compiled = new Map<string, ValidateFunction | Error>();
  let generation = 1;
  let compilations = 0;
  /** The compiled validator of each frozen schema object, in the generation it was compiled in. */
  const keys = new WeakMap<object, { generation: number; validate: ValidateFunction | Error }>();
  const compile = (schema: Record<string, unknown>): ValidateFunction | Error => {
    compilations++;
    try {
      return ajv.compile(schema);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  };
  return {
    check(schema, args) {
      if (schema === undefined) return { ok: true };
      let validate = keys.get(schema)?.generation === generation ? keys.get(schema)?.validate : undefined;
      if (validate === undefined) {
        const shape = withoutAnnotations(schema) as Record<string, unknown>;
        const key = JSON.stringify(shape);
        validate = compiled.get(key);
        if (validate === undefined) {
          if (compiled.size >= maxCompiled) {
            ajv = createAjv();
            compiled = new Map();
            generation++;
          }
          validate = compile(shape);
          compiled.set(key, validate);
        }
        // A frozen schema (a tool list decoded once and shared by every request that sends it) cannot change: its
        // key is worked out once, not per request.
        if (Object.isFrozen(schema)) keys.set(schema, { generation, validate });
      }
      if (validate instanceof Error)
        return { ok: false, problem: `the offered schema cannot be compiled: ${validate.message}` };
      if (validate(args)) return { ok: true };
      const error = validate.errors?.[0];
      return {
        ok: false,
        problem:
          error === undefined
            ? 'invalid arguments'
            : `${error.instancePath || '(arguments)'} ${error.message ?? 'is invalid'}`,
      };
    },
    stats: () => ({ generation, compiled: compiled.size, compilations }),
  };
}

/**
 * One generation's ajv. Client schemas never run a backtracking regular expression: `pattern` and
 * `patternProperties` run on RE2 (linear in the input), `$id`s are not registered (one client's id
 * cannot block another's schema), and the strict-mode pattern checks at compile time are off.
 */
function createAjv(): Ajv {
  const options: Options = {
    strict: false,
    allErrors: false,
    validateFormats: false,
    addUsedSchema: false,
    allowMatchingProperties: true,
    code: { regExp: linearRegExp },
  };
  return new Ajv(options);
}

/** What ajv calls to test a pattern, and its key for sharing one (as RegExp's `/source/flags`). */
interface RegExpLike {
  test(text: string): boolean;
  toString(): string;
}

/**
 * A pattern compiled by RE2JS (RE2's linear-time automata in JavaScript). A pattern RE2 cannot run
 * (lookaround, backreferences) or longer than MAX_PATTERN_LENGTH is not enforced: it matches everything,
 * and Home Assistant checks the call itself. `toString` is ajv's key for sharing a compiled pattern.
 */
function linearRegExp(pattern: string, flags: string): RegExpLike {
  const text = `/${pattern}/${flags}`;
  let compiled: RE2JS | undefined;
  if (pattern.length <= MAX_PATTERN_LENGTH) {
    try {
      compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
    } catch {
      compiled = undefined;
    }
  }
  if (compiled === undefined) return { test: () => true, toString: () => `unenforced:${text}` };
  const re = compiled;
  return { test: (value) => re.test(value), toString: () => `re2:${text}` };
}
// ajv writes this into standalone code only, which is never generated here.
linearRegExp.code = 'linearRegExp';

/** Keywords whose value is one subschema. */
const SUBSCHEMA = new Set([
  'additionalItems',
  'additionalProperties',
  'contains',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
/** Keywords whose value is a list of subschemas. */
const SUBSCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
/** Keywords whose value maps names to subschemas (the names are data, never annotations). */
const SUBSCHEMA_MAP = new Set(['$defs', 'definitions', 'dependentSchemas', 'patternProperties', 'properties']);
/** Annotations: they change nothing a check does. */
const ANNOTATIONS = new Set(['$comment', 'description', 'examples', 'title']);

/**
 * `schema` without its annotations, in every subschema. Only schema positions are walked: a property
 * called `description` stays, and so do `enum`, `const` and `default` values.
 */
function withoutAnnotations(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const result: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    if (SUBSCHEMA_LIST.has(keyword) && Array.isArray(value)) result[keyword] = value.map(withoutAnnotations);
    else if (SUBSCHEMA.has(keyword)) result[keyword] = withoutAnnotations(value);
    else if (SUBSCHEMA_MAP.has(keyword) && value !== null && typeof value === 'object' && !Array.isArray(value))
      result[keyword] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutAnnotations(sub)]));
    else result[keyword] = value;
  }
  return result;
}
