// The limits file, policy.json: its zod schema, reading it (failing closed, naming the key), writing it, and defaults.

import { z } from 'zod';
import { issuePath, safeParseJson } from '../../common/index.ts';
import { INPUT_LIMITS } from '../input-limits.ts';
import { type ExclusionConfig, ExclusionConfigSchema, type Exclusions } from './exclusion-config.ts';
import { findJsonSyntaxError } from './json-syntax-error.ts';
import { neverAvailableRule } from './never-available.ts';
import { type AllowEntry, DEFAULT_SERVICE_ALLOWLIST } from './service-allowlist.ts';

/** The most entities one call may name when the file does not say. */
export const DEFAULT_MAX_ENTITIES = 5;

/** The highest `max_entities` a file may set; the decision holds a call to it even if a policy says more. */
export const MAX_ENTITIES_LIMIT = 20;

/** `light.turn_on`, or `input_boolean.*` for every service of a domain; lowercase, as Home Assistant writes them. */
const SERVICE_NAME = /^[a-z0-9_]+\.(?:[a-z0-9_]+|\*)$/;

/** A service name as written; one that names a never-available service is refused with the rule's reason. */
const ServiceNameSchema = z
  .string()
  .regex(SERVICE_NAME, 'must be domain.service or domain.*, lowercase, such as light.turn_on')
  .superRefine((name, ctx) => {
    // zod runs this check even after the regex failed; only a well-formed name has a domain and a service.
    if (!SERVICE_NAME.test(name)) return;
    const [domain, service] = name.split('.') as [string, string];
    // `*` is no service name, so only a rule for the whole domain matches `domain.*`: `input_boolean.*` is fine
    // (its reload is refused per call), `lock.*` is not.
    const rule = neverAvailableRule(domain, service);
    if (rule !== undefined) ctx.addIssue({ code: 'custom', message: `${name} is never available: ${rule.why}` });
  });

/** One allowlist entry as written. */
const AllowEntrySchema = z.strictObject({
  service: ServiceNameSchema,
  class: z.enum(['quiet', 'confirmed'], 'must be quiet or confirmed'),
});

/** A list of at most `max` entries (counted before any entry is checked or compiled), whatever they are. */
function boundedList(max: number) {
  return z.array(z.unknown()).max(max, `must hold at most ${max} entries`);
}

const { policyListEntries, policyPatterns } = INPUT_LIMITS;

/**
 * The exclusions as written: each list bounded first, so that a file within the byte limit cannot make every call
 * match thousands of patterns or ids; then checked and compiled.
 */
const ExcludeSchema = z
  .looseObject({
    domains: boundedList(policyListEntries).optional(),
    areas: boundedList(policyListEntries).optional(),
    patterns: boundedList(policyPatterns).optional(),
    labels: boundedList(policyListEntries).optional(),
  })
  .pipe(ExclusionConfigSchema);

/** The allowlist as written: each service at most once, so no reader has to guess which class wins. */
const ServicesSchema = boundedList(policyListEntries)
  .pipe(z.array(AllowEntrySchema))
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.service))
        ctx.addIssue({ code: 'custom', path: [index, 'service'], message: `${entry.service} is listed twice` });
      seen.add(entry.service);
    });
  });

/** policy.json as written and as parsed: strict everywhere, so a key the program does not know fails closed. */
export const PolicyFileSchema = z.strictObject({
  version: z.literal(1, 'must be 1'),
  /** The services a model may call; required, since a missing list must not widen or narrow anything by guess. */
  services: ServicesSchema,
  /** The entities the tools never show or touch; the default exclusions when absent. */
  exclude: ExcludeSchema.prefault({}),
  /** The most entities one call may name. */
  max_entities: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_ENTITIES_LIMIT, `must be at most ${MAX_ENTITIES_LIMIT}`)
    .default(DEFAULT_MAX_ENTITIES),
});

/** policy.json as written (snake_case, every default optional); its lists as their entries are written. */
export type PolicyFile = Omit<z.input<typeof PolicyFileSchema>, 'services' | 'exclude'> & {
  services: z.input<typeof AllowEntrySchema>[];
  exclude?: ExclusionConfig;
};

/** The limits the tools apply, as read from policy.json. */
export interface Policy {
  /** The services a model may call, each quiet or confirmed; nothing else may be called. */
  readonly services: readonly AllowEntry[];
  readonly exclusions: Exclusions;
  /** The most entities one call may name, 1 to 20. */
  readonly maxEntities: number;
}

/**
 * The outcome of reading policy.json: the policy, or what is wrong: the key (`services.3.service`, `(root)` for the
 * whole file), the line for a file that is not JSON, and why.
 */
export type PolicyParse =
  | { kind: 'ok'; policy: Policy }
  | { kind: 'invalid'; key: string; line?: number; message: string };

/** Reads policy.json; a bad file, including one that allows a never-available service, is refused as a whole. */
export function parsePolicy(text: string): PolicyParse {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const syntax = findJsonSyntaxError(text);
    // The scanner and JSON.parse agree on what JSON is; V8's own words are the fallback should they ever differ.
    if (syntax === undefined) return { kind: 'invalid', key: '(root)', message: `is not valid JSON: ${String(error)}` };
    const message = `is not valid JSON: unexpected ${syntax.found} at line ${syntax.line}, column ${syntax.column}`;
    return { kind: 'invalid', key: '(root)', line: syntax.line, message };
  }
  const parsed = safeParseJson(PolicyFileSchema, raw);
  if (parsed.success) {
    const { services, exclude, max_entities } = parsed.data;
    return { kind: 'ok', policy: { services, exclusions: exclude, maxEntities: max_entities } };
  }
  const issue = parsed.error.issues[0];
  if (issue === undefined) return { kind: 'invalid', key: '(root)', message: 'unexpected shape' };
  // zod reports an unknown key on its parent object; the key itself is what the administrator has to remove.
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const message = issue.code === 'unrecognized_keys' ? 'is not a known key' : issue.message;
  return { kind: 'invalid', key: issuePath(path, { root: '(root)' }), message };
}

/**
 * The canonical policy.json text of a policy: what is shown, saved and hashed. One service per line and each list of
 * the exclusions on one line, so a person can read and edit it; parsing it gives the same policy back.
 */
export function serializePolicy(policy: Policy): string {
  const { domains, areas, patterns, labels } = policy.exclusions;
  const list = (values: readonly string[]): string => `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;
  const entries = policy.services.map(
    (entry) => `    { "service": ${JSON.stringify(entry.service)}, "class": ${JSON.stringify(entry.class)} }`,
  );
  const services = entries.length === 0 ? '[]' : `[\n${entries.join(',\n')}\n  ]`;
  return [
    '{',
    '  "version": 1,',
    `  "services": ${services},`,
    '  "exclude": {',
    `    "domains": ${list(domains)},`,
    `    "areas": ${list(areas)},`,
    `    "patterns": ${list(patterns.map((pattern) => pattern.pattern()))},`,
    `    "labels": ${list(labels)}`,
    '  },',
    `  "max_entities": ${JSON.stringify(policy.maxEntities)}`,
    '}',
    '',
  ].join('\n');
}

/** The limits of the add-on's document: the default allowlist and exclusions, five entities per call. */
export const DEFAULT_POLICY: Policy = Object.freeze({
  services: DEFAULT_SERVICE_ALLOWLIST,
  exclusions: ExclusionConfigSchema.parse({}),
  maxEntities: DEFAULT_MAX_ENTITIES,
});

/** {@link DEFAULT_POLICY} as policy.json text, written when no file exists yet. */
export const DEFAULT_POLICY_TEXT: string = serializePolicy(DEFAULT_POLICY);
