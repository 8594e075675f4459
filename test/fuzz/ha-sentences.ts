// Sentences for HA-Assist fuzzing: words its grammar, repair and retrieval react to, hostile strings, real commands.

import fc from 'fast-check';
import { anyString, nastyString } from './hostile-values.ts';

/** Words HA-Assist's grammar, repair and retrieval react to, and some they should not. */
const WORDS = (
  'turn on off the a kitchen kitchn light lights lamp living room bedroom floor ceiling blinds curtains ' +
  "fan thermostat front door garage coffee maker set to of in and then , not don't never mind is are " +
  'what how many open close lock unlock pause resume skip volume mute timer minutes add milk list ' +
  'brightness temperature degrees percent % 50 0 100 -1 1e9 3.5 fifty all every house upstairs ' +
  'downstairs here yes no cancel please weather time date und dann Licht constructor __proto__ toString'
).split(' ');

/** A sentence of grammar words, sometimes with a hostile string in it, or only a hostile string. */
export const sentence: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 10 }).map((w) => w.join(' ')),
    weight: 6,
  },
  {
    arbitrary: fc
      .tuple(fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }), nastyString, fc.nat(6))
      .map(([words, odd, at]) => [...words.slice(0, at), odd, ...words.slice(at)].join(' ')),
    weight: 2,
  },
  { arbitrary: anyString, weight: 1 },
  {
    arbitrary: fc.constantFrom(
      'Turn off the living room light',
      'turn on the kitchen light and turn off the bedroom light',
      'set the living room blinds to 40 %',
      'unlock the front door',
      'is the kitchen light on',
      'what time is it',
      'add milk to my shopping list',
      "don't turn on the kitchen light",
      'turn off the lights upstairs',
    ),
    weight: 2,
  },
);
