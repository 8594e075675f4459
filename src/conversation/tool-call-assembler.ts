// Puts streamed tool-call fragments back together: the one set of rules every backend and surface uses.

import type { ToolCallDelta } from './reply.ts';
import type { ToolCall } from './tool.ts';

/**
 * What one fragment did to its call.
 */
export interface AssembledFragment {
  /**
   * The fragment as a surface passes it on: the id only in the call's first fragment (a new one when it carried
   * none), no id after it, and a name only when it lengthened the call's name.
   */
  fragment: ToolCallDelta;
  /** True for the first fragment of its call (its index was not seen before). */
  isFirst: boolean;
  /** The call as assembled so far. */
  call: ToolCall;
}

/** Gathers the fragments of one streamed reply (one assembler per reply); no I/O, no clock. */
export interface ToolCallAssembler {
  /** Adds one fragment to the call at its index. */
  add(fragment: ToolCallDelta): AssembledFragment;
  /** The calls assembled so far, in index order. */
  calls(): ToolCall[];
}

/**
 * An assembler; `newId(index)` names a call whose first fragment carried no id.
 *
 * The rules, chosen to be right for every producer we read:
 * - **Index**: fragments with the same `index` belong to one call, however they interleave with other calls'
 *   fragments; the calls come out in index order (OpenAI's `index` is the call's place in the reply).
 * - **Id**: the first fragment's id is the call's (OpenAI sends it there); a call whose first fragment has none gets
 *   `newId` at once, because a streaming surface must name the call when it opens it. A later id is dropped: some
 *   servers repeat the id in every fragment, and a client that concatenates would read `call_1call_1`.
 * - **Name**: name fragments concatenate, as OpenAI's own clients accumulate a streamed call, so a server that splits
 *   the name is read whole; except a fragment equal to the whole name so far, which repeats it: some servers resend
 *   the whole name in every fragment (Fireworks: https://github.com/NousResearch/hermes-agent/issues/8089; MiniMax
 *   through NVIDIA NIM: https://github.com/NousResearch/hermes-agent/issues/8259). OpenAI sends it once, whole,
 *   which both read alike. A name that is one piece twice (`abab` as `ab` + `ab`) would be read as `ab`; no tool is
 *   named so.
 * - **Arguments**: the fragments' texts joined, exactly; a call with none has `''`, which each consumer reads as it
 *   reads an empty text (Ollama's codec and the page's loop as `{}`).
 */
export function createToolCallAssembler(newId: (index: number) => string): ToolCallAssembler {
  const byIndex = new Map<number, ToolCall>();
  return {
    add(fragment) {
      const known = byIndex.get(fragment.index);
      const isFirst = known === undefined;
      const call = known ?? { id: fragment.id || newId(fragment.index), name: '', arguments: '' };
      const passed: ToolCallDelta = { index: fragment.index };
      if (isFirst) passed.id = call.id;
      const name = fragment.name ?? '';
      if (name !== '' && name !== call.name) {
        call.name += name;
        passed.name = name;
      } else if (isFirst && fragment.name !== undefined) {
        passed.name = fragment.name;
      }
      if (fragment.arguments !== undefined) {
        call.arguments += fragment.arguments;
        passed.arguments = fragment.arguments;
      }
      byIndex.set(fragment.index, call);
      return { fragment: passed, isFirst, call: { ...call } };
    },
    calls() {
      return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, call]) => ({ ...call }));
    },
  };
}
