// The hostile HA-Assist requests of the robustness suite, as chat bodies, built from the 500-entity fixture.

import { readHaRequestFixture } from '../fixtures/data.ts';

type Body = Record<string, unknown> & { messages: { role: string; content: string }[]; tools: unknown[] };

/** The 500-entity, 30-area request fixture as HA-Assist receives it, with `userText` as the sentence. */
export function homeOf500(userText: string): Body {
  const body = readHaRequestFixture('synthetic-500-entities-30-areas.json') as Body;
  body.model = 'HA-Assist';
  body.messages = body.messages.map((message) =>
    message.role === 'user' ? { ...message, content: userText } : message,
  );
  return body;
}

/** "turn off the " + "living room light " × `repeats` (2,400: 43 KB). */
export function longSentence(repeats = 2400): string {
  return `turn off the ${'living room light '.repeat(repeats)}`;
}

/** The overview line of the Static Context, after which entities are listed. */
const OVERVIEW = 'An overview of the areas and the devices in this smart home:\n';

/** `body` with `entityYaml` (one list item, its lines indented as HA writes them) first in the Static Context. */
export function withStaticEntity(body: Body, entityYaml: string): Body {
  const system = body.messages[0]!;
  const at = system.content.indexOf(OVERVIEW);
  if (at < 0) throw new Error('the fixture has no Static Context');
  const content = `${system.content.slice(0, at + OVERVIEW.length)}${entityYaml}${system.content.slice(at + OVERVIEW.length)}`;
  return { ...body, messages: [{ ...system, content }, ...body.messages.slice(1)] };
}

/**
 * A billion-laughs entity: `levels` levels of anchors, each a list of nine aliases of the level below
 * (8 levels: 9⁸ ≈ 43 million leaves from 590 bytes of YAML).
 */
export function aliasBombEntity(levels = 8): string {
  const lines = ['- names: Laughing Lamp', '  domain: light', '  areas: Attic', '  attributes:'];
  lines.push('    l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]');
  for (let level = 1; level <= levels; level++) {
    const below = Array.from({ length: 9 }, () => `*l${level - 1}`).join(', ');
    lines.push(`    l${level}: &l${level} [${below}]`);
  }
  return `${lines.join('\n')}\n`;
}

/** An entity whose attribute is a flow list nested `depth` levels deep. */
export function deepEntity(depth: number): string {
  return `- names: Deep Lamp\n  domain: light\n  areas: Attic\n  attributes:\n    deep: ${'['.repeat(depth)}${']'.repeat(depth)}\n`;
}

/** A 33-letter name that `^A(a+)+b$` backtracks over exponentially before failing. */
export const REDOS_NAME = `A${'a'.repeat(32)}`;

/** A pattern with nested quantifiers: exponential for a backtracking engine on `REDOS_NAME`. */
export const REDOS_PATTERN = '^A(a+)+b$';

/**
 * "turn off the Aaa…a" in the 500-entity home plus a light of that name, with HassTurnOff's `name`
 * restricted by `pattern`: validating the plan's arguments runs the pattern on the name.
 */
export function redosBody(name = REDOS_NAME, pattern = REDOS_PATTERN): Body {
  const body = withStaticEntity(
    homeOf500(`turn off the ${name}`),
    `- names: ${name}\n  domain: light\n  areas: Attic\n`,
  );
  const tools = body.tools.map((tool) => {
    const fn = (tool as { function: { name: string; parameters: { properties: Record<string, unknown> } } }).function;
    if (fn.name !== 'HassTurnOff') return tool;
    const properties = { ...fn.parameters.properties, name: { type: 'string', pattern } };
    return { type: 'function', function: { ...fn, parameters: { ...fn.parameters, properties } } };
  });
  return { ...body, tools };
}
