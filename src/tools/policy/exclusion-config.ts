// The exclusion configuration: which entities the tools never show or touch, validated with zod.

import { RE2JS } from 're2js';
import { z } from 'zod';
import { issuePath, safeParseJson } from '../../common/index.ts';

/** Patterns longer than this are refused: RE2 runs in linear time, but its compiled program grows with the pattern. */
const MAX_PATTERN_LENGTH = 500;

/** The domains excluded when the configuration names none: they open doors, disarm alarms and film people. */
export const DEFAULT_EXCLUDED_DOMAINS: readonly string[] = Object.freeze(['lock', 'alarm_control_panel', 'camera']);

/** The labels excluded when the configuration names none. */
export const DEFAULT_EXCLUDED_LABELS: readonly string[] = Object.freeze(['sensitive']);

/**
 * A pattern compiled with RE2 (linear time, so a hostile pattern cannot hang a call), matched against the
 * whole entity id: `sensor\..*_bedroom` matches `sensor.x_bedroom` but not `sensor.x_bedroom_2`.
 */
const PatternSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(MAX_PATTERN_LENGTH, `must be at most ${MAX_PATTERN_LENGTH} characters`)
  .transform((pattern, ctx) => {
    try {
      return RE2JS.compile(pattern);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      ctx.addIssue({ code: 'custom', message: `is not a regular expression RE2 can run (${reason})` });
      return z.NEVER;
    }
  });

/** Ids of domains, areas and labels: Home Assistant writes them lowercase; we compare them lowercase. */
const IdSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .transform((id) => id.toLowerCase());

/** The exclusion configuration as written (every key optional) and as parsed (defaults applied, patterns compiled). */
export const ExclusionConfigSchema = z.strictObject({
  /** Domains whose entities are excluded, e.g. `lock`. */
  domains: z
    .array(z.string().regex(/^[a-z0-9_]+$/, 'must be a domain such as lock or alarm_control_panel'))
    .default([...DEFAULT_EXCLUDED_DOMAINS]),
  /** Area ids whose entities are excluded; an entity whose area cannot be determined is then refused. */
  areas: z.array(IdSchema).default([]),
  /** Regular expressions (RE2 syntax) matched against the whole entity id. */
  patterns: z.array(PatternSchema).default([]),
  /** Label ids whose entities are excluded; not applied (and said so) when Home Assistant has no labels. */
  labels: z.array(IdSchema).default([...DEFAULT_EXCLUDED_LABELS]),
});

/** The exclusion configuration as written in the configuration file. */
export type ExclusionConfig = z.input<typeof ExclusionConfigSchema>;

/** The parsed exclusions: defaults applied, ids lowercase, patterns compiled. */
export type Exclusions = z.output<typeof ExclusionConfigSchema>;

/** The outcome of parsing: the exclusions, or the key that is wrong (`patterns.1`, relative to the config) and why. */
export type ExclusionConfigParse =
  | { kind: 'ok'; exclusions: Exclusions }
  | { kind: 'invalid'; key: string; message: string };

/** Parses an exclusion configuration; a bad one is returned as a value naming the key. */
export function parseExclusionConfig(raw: unknown): ExclusionConfigParse {
  const parsed = safeParseJson(ExclusionConfigSchema, raw);
  if (parsed.success) return { kind: 'ok', exclusions: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue === undefined) return { kind: 'invalid', key: '(root)', message: 'unexpected shape' };
  // zod reports an unknown key on its parent object; the key itself is what the user has to fix.
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  return { kind: 'invalid', key: issuePath(path, { root: '(root)' }), message: issue.message };
}
