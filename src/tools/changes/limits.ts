// The limits in force at a call: the parsed policy.json and its revision, or why the tools are stopped.

import type { Policy } from '../policy/policy-file-schema.ts';

/** The limits as the guard reads them at every call (the file may have been edited by hand). */
export type LimitsState =
  | {
      kind: 'ok';
      policy: Policy;
      /**
       * The limits' revision (`r1`, `r2` …, kept in the database): it only grows, at every save and every hand edit
       * seen, so a proposal made under any other revision is stale, even if the text is the same again.
       */
      revision: string;
    }
  /** The file cannot be used: every tool is refused until an administrator saves valid limits (never a fallback). */
  | { kind: 'invalid'; reason: string };

/** The outcome of saving limits: saved, or why they were refused as a whole (the file is left as it was). */
export type SaveLimitsResult = { kind: 'saved'; revision: string } | { kind: 'invalid'; reason: string };

/** The limits of a data folder, as the admin API and the command line manage them. */
export interface LimitsAdmin {
  /** The limits in force now. */
  read(): LimitsState;
  /** policy.json as written. */
  text(): string;
  save(text: string): SaveLimitsResult;
}
