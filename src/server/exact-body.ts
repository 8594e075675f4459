// A request body's zod schema, checked at compile time against the page contract's type of that body.

import type { z } from 'zod';

/**
 * Returns the schema unchanged; it compiles only when the schema takes exactly `T`: what it accepts and what it
 * returns are `T`s, and every `T` is accepted (a field the contract has and the schema lacks, or one the schema
 * requires and the contract lacks, is a type error here). Usage: `exactBody<ChatRequest>()(z.strictObject({…}))`.
 */
export function exactBody<T>() {
  return <S extends z.ZodType<T, T>>(schema: S & ([T] extends [z.input<S>] ? unknown : never)): S => schema;
}
