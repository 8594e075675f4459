// The bounds of one tool call's arguments, checked before anything else looks at them (schema, limits, Home Assistant).

import { isRecord } from '../../common/index.ts';
import { checkJsonBounds, echo, INPUT_LIMITS, isEntityId, type JsonBoundsCheck } from '../input-limits.ts';

/** The arguments within every bound of {@link INPUT_LIMITS}, or the refusal naming the limit they broke. */
export type ArgumentBounds = { kind: 'ok' } | { kind: 'refused'; reason: string };

/**
 * Checks the raw arguments of a tool call: their size and depth, then `entity_id` (each id's length, then its form),
 * `domain` and `service` by length, and `data` by size and depth. Each check costs at most its limit, whatever was
 * sent; the refusal names the limit and quotes input only cut ({@link echo}).
 */
export function checkArgumentBounds(args: unknown): ArgumentBounds {
  const whole = checkJsonBounds(args, {
    maxBytes: INPUT_LIMITS.toolArgumentsBytes,
    maxDepth: INPUT_LIMITS.toolArgumentsDepth,
  });
  if (whole.kind !== 'ok') return refused(overJson('the arguments are', whole));
  if (!isRecord(args)) return { kind: 'ok' };
  const entityIds = Array.isArray(args.entity_id) ? args.entity_id : [args.entity_id];
  for (const entityId of entityIds) {
    const reason = typeof entityId === 'string' ? entityIdReason(entityId) : undefined;
    if (reason !== undefined) return refused(reason);
  }
  for (const [key, limit] of [
    ['domain', INPUT_LIMITS.domainChars],
    ['service', INPUT_LIMITS.serviceChars],
  ] as const) {
    const value = args[key];
    if (typeof value === 'string' && value.length > limit) return refused(tooLong(key, value, limit));
  }
  if (args.data !== undefined) {
    const data = checkJsonBounds(args.data, { maxBytes: INPUT_LIMITS.dataBytes, maxDepth: INPUT_LIMITS.dataDepth });
    if (data.kind !== 'ok') return refused(overJson('data is', data));
  }
  return { kind: 'ok' };
}

/** Why an entity id is refused (over Home Assistant's length, then not its form), or undefined. */
function entityIdReason(entityId: string): string | undefined {
  if (entityId.length > INPUT_LIMITS.entityIdChars) return tooLong('entity_id', entityId, INPUT_LIMITS.entityIdChars);
  if (!isEntityId(entityId))
    return `invalid arguments: entity_id: must be an entity id such as light.kitchen, as Home Assistant writes them (got ${echo(entityId)})`;
  return undefined;
}

function tooLong(key: string, value: string, limit: number): string {
  return `${key} is ${value.length} characters, over the limit of ${limit}: ${echo(value)}`;
}

/** `subject` with its verb, e.g. `data is` or `the arguments are`. */
function overJson(subject: string, check: Exclude<JsonBoundsCheck, { kind: 'ok' }>): string {
  return check.kind === 'too-large'
    ? `${subject} over ${check.limit} bytes; ask for less`
    : `${subject} nested more than ${check.limit} levels deep; ask for less`;
}

function refused(reason: string): ArgumentBounds {
  return { kind: 'refused', reason };
}
