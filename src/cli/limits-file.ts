// policy.json in the data folder: read (and checked) at every call, written only when valid, default when absent.

import { createHash } from 'node:crypto';
import { readPolicyFile, writePolicyFile } from '../storage/index.ts';
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

/** Opens the limits of `dataDir`, writing the document's defaults there when there is no policy.json yet. */
export function openLimitsFile(dataDir: string): LimitsAdmin {
  const readFile = () => readPolicyFile(dataDir, { maxBytes: INPUT_LIMITS.policyBytes });
  if (readFile().kind === 'absent') writePolicyFile(dataDir, DEFAULT_POLICY_TEXT);
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
    if (file.kind === 'absent') return { kind: 'invalid', reason: 'policy.json is missing from the data folder' };
    // Nor is a file too large to read at every call: it is not read at all, and stops the tools too.
    if (file.kind === 'too-large') return { kind: 'invalid', reason: `${file.path}: ${tooLarge(file.bytes)}` };
    if (cached === undefined || cached.text !== file.text)
      cached = { text: file.text, state: stateOf(file.text, file.path) };
    return cached.state;
  }

  function save(newText: string): SaveLimitsResult {
    const state = stateOf(newText, 'the new limits');
    if (state.kind === 'invalid') return state;
    writePolicyFile(dataDir, newText);
    return { kind: 'saved', hash: state.hash };
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
  return { kind: 'ok', policy: parsed.policy, hash: createHash('sha256').update(text).digest('hex').slice(0, 16) };
}
