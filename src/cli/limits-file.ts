// policy.json in the data folder: read (and checked) at every call, written only when valid, default when absent.

import { createHash } from 'node:crypto';
import { readPolicyFile, writePolicyFile } from '../storage/index.ts';
import {
  DEFAULT_POLICY_TEXT,
  type LimitsAdmin,
  type LimitsState,
  parsePolicy,
  type SaveLimitsResult,
} from '../tools/index.ts';

/** Opens the limits of `dataDir`, writing the document's defaults there when there is no policy.json yet. */
export function openLimitsFile(dataDir: string): LimitsAdmin {
  if (readPolicyFile(dataDir).kind === 'absent') writePolicyFile(dataDir, DEFAULT_POLICY_TEXT);
  let cached: { text: string; state: LimitsState } | undefined;

  function text(): string {
    const file = readPolicyFile(dataDir);
    return file.kind === 'text' ? file.text : DEFAULT_POLICY_TEXT;
  }

  function read(): LimitsState {
    let file: ReturnType<typeof readPolicyFile>;
    try {
      file = readPolicyFile(dataDir);
    } catch (error) {
      return { kind: 'invalid', reason: error instanceof Error ? error.message : 'policy.json cannot be read' };
    }
    // A file removed after start is not a reason to widen anything: it stops the tools like a broken one.
    if (file.kind === 'absent') return { kind: 'invalid', reason: 'policy.json is missing from the data folder' };
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

function stateOf(text: string, where: string): LimitsState {
  const parsed = parsePolicy(text);
  if (parsed.kind === 'invalid') {
    const line = parsed.line === undefined ? '' : ` (line ${parsed.line})`;
    return { kind: 'invalid', reason: `${where}: ${parsed.key}${line}: ${parsed.message}` };
  }
  return { kind: 'ok', policy: parsed.policy, hash: createHash('sha256').update(text).digest('hex').slice(0, 16) };
}
