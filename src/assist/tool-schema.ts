// Validating tool-call arguments against the JSON Schema the client offered for that tool (ajv).

import { Ajv, type ValidateFunction } from 'ajv';

/** The outcome of validating arguments: valid, or the first problem in words. */
export type SchemaCheck = { ok: true } | { ok: false; problem: string };

/** Validates arguments against tool schemas; compiled validators are cached per schema object. */
export interface ToolSchemaValidator {
  check(schema: Readonly<Record<string, unknown>> | undefined, args: unknown): SchemaCheck;
}

/** Distinct schemas kept compiled; Home Assistant offers a few dozen tools. */
const MAX_COMPILED = 512;

/**
 * A validator. HA's schemas are not always strict JSON Schema (empty `{}` in `anyOf`), so ajv runs
 * non-strict. Every request carries its tools anew, so compiled validators are keyed by the schema's text.
 */
export function createToolSchemaValidator(): ToolSchemaValidator {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  const compiled = new Map<string, ValidateFunction | Error>();
  const compile = (schema: Readonly<Record<string, unknown>>): ValidateFunction | Error => {
    try {
      return ajv.compile(schema);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  };
  return {
    check(schema, args) {
      if (schema === undefined) return { ok: true };
      const key = JSON.stringify(schema);
      let validate = compiled.get(key);
      if (validate === undefined) {
        validate = compile(schema);
        if (compiled.size >= MAX_COMPILED) compiled.clear();
        compiled.set(key, validate);
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
  };
}
