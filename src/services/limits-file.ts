// policy.json in the data folder: read (and checked) at every call, written only when valid, defaults only in a new folder.

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import {
  createLimitsRecordStore,
  type HearthDatabase,
  POLICY_FILE,
  readPolicyFile,
  writePolicyFile,
} from '../storage/index.ts';
import {
  DEFAULT_POLICY_TEXT,
  INPUT_LIMITS,
  type LimitsAdmin,
  type LimitsState,
  parsePolicy,
  type SaveLimitsResult,
} from '../tools/index.ts';

/** policy.json's size limit, as every refusal names it. */
const POLICY_LIMIT = `the limit of ${INPUT_LIMITS.policyBytes} bytes`;

/** Where the limits are: the data folder and its database (which records them). */
export interface LimitsFileOptions {
  dataDir: string;
  db: HearthDatabase;
}

/**
 * Writes the document's defaults into a data folder created now, and records them in its database: the only time
 * policy.json is written without an administrator's save. Called by whatever command creates the folder.
 */
export function writeDefaultLimits(options: LimitsFileOptions): void {
  const record = createLimitsRecordStore(options.db);
  if (record.get() !== undefined) return;
  if (!isAbsent(options.dataDir)) return;
  writePolicyFile(options.dataDir, DEFAULT_POLICY_TEXT);
  record.revisionOf(textHash(DEFAULT_POLICY_TEXT));
}

/** Whether there is nothing at policy.json (an unsafe or unreadable file is not absent: its read names it later). */
function isAbsent(dataDir: string): boolean {
  try {
    return readPolicyFile(dataDir, { maxBytes: INPUT_LIMITS.policyBytes }).kind === 'absent';
  } catch {
    return false;
  }
}

/**
 * Opens the limits of a data folder (never writing them: see {@link writeDefaultLimits}). A folder from before the
 * record with a valid policy.json is recorded at its first read; a missing file, whenever, stops the tools until an
 * administrator saves valid limits.
 */
export function openLimitsFile(options: LimitsFileOptions): LimitsAdmin {
  const { dataDir } = options;
  const record = createLimitsRecordStore(options.db);
  const readFile = () => readPolicyFile(dataDir, { maxBytes: INPUT_LIMITS.policyBytes });
  let cached: { text: string; state: LimitsState } | undefined;

  // A file over the limit is not shown (its reason says why); an absent one shows the defaults it would be written with.
  function text(): string {
    const file = readFile();
    return file.kind === 'text' ? file.text : file.kind === 'absent' ? DEFAULT_POLICY_TEXT : '';
  }

  function read(): LimitsState {
    let file: ReturnType<typeof readPolicyFile>;
    try {
      file = readFile();
    } catch (error) {
      return { kind: 'invalid', reason: error instanceof Error ? error.message : 'policy.json cannot be read' };
    }
    // A file removed after start is not a reason to widen anything: it stops the tools like a broken one.
    if (file.kind === 'absent')
      return {
        kind: 'invalid',
        reason: `${join(dataDir, POLICY_FILE)} is missing; the tools are stopped until an administrator saves valid limits`,
      };
    // Nor is a file too large to read at every call: it is not read at all, and stops the tools too.
    if (file.kind === 'too-large') return { kind: 'invalid', reason: `${file.path}: ${tooLarge(file.bytes)}` };
    if (cached === undefined || cached.text !== file.text)
      cached = { text: file.text, state: stateOf(file.text, file.path) };
    if (cached.state.kind === 'invalid') return cached.state;
    // Read at every call: another process may have saved (or a hand edit been seen) since, so the revision is asked
    // for each time (a plain read unless the text is new to the record).
    return { ...cached.state, revision: revisionLabel(record.revisionOf(textHash(file.text))) };
  }

  function save(newText: string): SaveLimitsResult {
    const state = stateOf(newText, 'the new limits');
    if (state.kind === 'invalid') return state;
    writePolicyFile(dataDir, newText);
    // Every save takes the next revision, even of a text saved before: limits A, B, then A again are a third revision.
    return { kind: 'saved', revision: revisionLabel(record.next(textHash(newText))) };
  }

  return { read, text, save };
}

/** Why a policy.json of `bytes` is refused. */
export function tooLarge(bytes: number): string {
  return `policy.json is ${bytes} bytes, over ${POLICY_LIMIT}`;
}

function stateOf(text: string, where: string): LimitsState {
  // Counted before parsing, so a large text costs no more than this count.
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > INPUT_LIMITS.policyBytes) return { kind: 'invalid', reason: `${where}: ${tooLarge(bytes)}` };
  const parsed = parsePolicy(text);
  if (parsed.kind === 'invalid') {
    const line = parsed.line === undefined ? '' : ` (line ${parsed.line})`;
    return { kind: 'invalid', reason: `${where}: ${parsed.key}${line}: ${parsed.message}` };
  }
  // The revision is stamped by read(); this label is only a placeholder until then.
  return { kind: 'ok', policy: parsed.policy, revision: '' };
}

function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The revision as the limits' state and the proposals carry it (a proposal's `policy_hash` column holds it). */
function revisionLabel(revision: number): string {
  return `r${revision}`;
}
