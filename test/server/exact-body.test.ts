// exactBody: a request schema compiles only when it takes exactly the contract's body; at run time it is the schema.
// The refusals are checked by the compiler (`npm run typecheck` fails when a `@ts-expect-error` finds no error).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { exactBody } from '../../src/server/exact-body.ts';

/** A body with a required and an optional field. */
interface Body {
  name: string;
  pin?: string;
}

describe('exactBody', () => {
  it('returns the schema itself, which parses as before', () => {
    const schema = z.strictObject({ name: z.string(), pin: z.string().optional() });
    assert.equal(exactBody<Body>()(schema), schema);
    assert.deepEqual(schema.parse({ name: 'home' }), { name: 'home' });
  });

  it('accepts a default for an optional field (the contract lets the page leave it out)', () => {
    const schema = exactBody<Body>()(z.strictObject({ name: z.string(), pin: z.string().default('none') }));
    assert.deepEqual(schema.parse({ name: 'home' }), { name: 'home', pin: 'none' });
  });

  it('refuses, at compile time, every schema that takes another body', () => {
    const optionalPin = z.string().optional();
    // @ts-expect-error The contract has `extra`; the schema does not take it.
    exactBody<Body & { extra: string }>()(z.strictObject({ name: z.string(), pin: optionalPin }));
    // @ts-expect-error The schema requires `more`, which the contract does not have.
    exactBody<Body>()(z.strictObject({ name: z.string(), pin: optionalPin, more: z.number() }));
    // @ts-expect-error The schema requires `pin`, which the contract leaves optional.
    exactBody<Body>()(z.strictObject({ name: z.string(), pin: z.string() }));
    // @ts-expect-error The schema takes `name` as a number; the contract says a string.
    exactBody<Body>()(z.strictObject({ name: z.number(), pin: optionalPin }));
  });
});
