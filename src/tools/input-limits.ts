// The one table of how much input the tool add-on takes and how much work one request may cause (MCP, admin, page).

import { isRecord } from '../common/index.ts';

/**
 * Every bound on what reaches the add-on from outside, checked before anything else looks at the input (before
 * schemas, policy, Home Assistant or storage). Each limit is named in the message of the refusal it causes.
 */
export const INPUT_LIMITS = Object.freeze({
  /** Characters of an entity id: Home Assistant's own `MAX_LENGTH_STATE_ENTITY_ID`. */
  entityIdChars: 255,
  /** Characters of a domain: Home Assistant's own `MAX_LENGTH_STATE_DOMAIN`. */
  domainChars: 64,
  /** Characters of a service name (Home Assistant's services are short slugs). */
  serviceChars: 64,
  /** Bytes of a service call's `data` as UTF-8 JSON: far above any real service's fields. */
  dataBytes: 16 * 1024,
  /** Levels of nesting of a service call's `data` (a real one is one or two levels deep). */
  dataDepth: 8,
  /** Bytes of one tool call's arguments as UTF-8 JSON, `data` included. */
  toolArgumentsBytes: 64 * 1024,
  /** Levels of nesting of one tool call's arguments. */
  toolArgumentsDepth: 12,
  /** Bytes of a request body to /mcp, /admin and the page's /ui endpoints. */
  requestBodyBytes: 256 * 1024,
  /** Characters of a Home Assistant token (a long-lived access token is about 180). */
  tokenChars: 4096,
  /** Characters of a connection's address. */
  urlChars: 2048,
  /** Characters of a connection's name. */
  connectionNameChars: 64,
  /** Bytes of policy.json (the default limits are about 2 KB). */
  policyBytes: 64 * 1024,
  /** Entries of each list of policy.json (the allowlist, excluded domains, areas and labels). */
  policyListEntries: 200,
  /** Patterns of policy.json's exclusions, each matched against every entity a call reads (20: ~25 ms for 2,000). */
  policyPatterns: 20,
  /** Characters of any input quoted back in a message; longer input is cut there. */
  echoChars: 120,
  /** Proposals one answer of `GET /admin/proposals` (and `hearth proposals list`) holds: its `limit` at most. */
  proposalsPerPage: 100,
  /** Journal entries one answer of `GET /admin/journal` (and `hearth journal`) holds: its `limit` at most. */
  journalEntries: 200,
  /** Entities whose current state one answer of `GET /admin/proposals` reads: the page's first; the rest show none. */
  proposalStateReads: 100,
  /** Milliseconds the current states shown with proposals are reused before Home Assistant is asked again. */
  proposalStatesCacheMs: 2000,
  /** Tool calls of one model round that the page's chat runs; the rest are refused, unrun. */
  toolCallsPerRound: 16,
});

/** A JSON value within a byte and a depth limit, or which limit it broke. */
export type JsonBoundsCheck =
  | { kind: 'ok' }
  | { kind: 'too-large'; limit: number }
  | { kind: 'too-deep'; limit: number };

/**
 * Checks a parsed JSON value against a size and a depth limit in one walk that stops as soon as either is passed, so
 * its cost is bounded by the limit, not by the value. Sizes are counted as `JSON.stringify` writes it in UTF-8, a
 * string's escapes included (a string is only serialised once its raw bytes fit what is left).
 */
export function checkJsonBounds(value: unknown, limits: { maxBytes: number; maxDepth: number }): JsonBoundsCheck {
  const tooLarge = { kind: 'too-large', limit: limits.maxBytes } as const;
  let bytes = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof current === 'string') bytes += jsonStringBytes(current, limits.maxBytes - bytes);
    else if (Array.isArray(current) || isRecord(current)) {
      if (depth >= limits.maxDepth) return { kind: 'too-deep', limit: limits.maxDepth };
      bytes += 2;
      let isFirst = true;
      // Children are visited one at a time, so a huge array or object is left as soon as the limit is passed.
      for (const [key, child] of childrenOf(current)) {
        bytes += (isFirst ? 0 : 1) + (key === undefined ? 0 : jsonStringBytes(key, limits.maxBytes - bytes) + 1);
        isFirst = false;
        if (bytes > limits.maxBytes) return tooLarge;
        stack.push({ value: child, depth: depth + 1 });
      }
    } else bytes += String(current).length;
    if (bytes > limits.maxBytes) return tooLarge;
  }
  return { kind: 'ok' };
}

/** The items of an array (no key) or the own entries of an object, one at a time. */
function* childrenOf(
  container: readonly unknown[] | Record<string, unknown>,
): Generator<[string | undefined, unknown]> {
  if (Array.isArray(container)) for (const child of container) yield [undefined, child];
  else
    for (const key in container)
      if (Object.hasOwn(container, key)) yield [key, (container as Record<string, unknown>)[key]];
}

/** Input cut to {@link INPUT_LIMITS.echoChars} for quoting in a message, with its full length when it was cut. */
export function echo(text: string): string {
  if (text.length <= INPUT_LIMITS.echoChars) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, INPUT_LIMITS.echoChars))}… (${text.length} characters)`;
}

/**
 * Whether `entityId` has the form Home Assistant's `valid_entity_id` accepts: `domain.object_id`, each part lowercase
 * letters, digits and `_`, neither starting nor ending with `_`, and no `__` anywhere. Written without lookarounds
 * (HA's own pattern has them) so its cost is linear; call it only on an id within {@link INPUT_LIMITS.entityIdChars}.
 */
export function isEntityId(entityId: string): boolean {
  const dot = entityId.indexOf('.');
  if (dot < 0 || entityId.includes('__')) return false;
  return isSlug(entityId.slice(0, dot)) && isSlug(entityId.slice(dot + 1));
}

/** One part of an entity id: `[a-z0-9_]+` not starting or ending with `_` (a second `.` fails the class). */
function isSlug(part: string): boolean {
  return /^[a-z0-9_]+$/.test(part) && !part.startsWith('_') && !part.endsWith('_');
}

/**
 * Bytes of a string as a JSON string (quotes and escapes included), or a count already over `budget` once that is
 * certain: every UTF-16 unit takes at least one byte, so a string longer than the budget is not even scanned.
 */
function jsonStringBytes(text: string, budget: number): number {
  if (text.length + 2 > budget) return text.length + 2;
  const raw = Buffer.byteLength(text, 'utf8') + 2;
  return raw > budget ? raw : Buffer.byteLength(JSON.stringify(text), 'utf8');
}
