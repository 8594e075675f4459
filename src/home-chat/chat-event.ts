// What the page's chat with the home streams: the model's words, each tool call it made and each result it got.

/** One event of a chat answer, in the order it happened. */
export type HomeChatEvent =
  | { kind: 'tool_call'; id: string; name: string; arguments: unknown }
  /** The guard's answer, as an MCP client would get it: untrusted data, or a plain refusal. */
  | { kind: 'tool_result'; id: string; name: string; isError: boolean; text: string }
  | { kind: 'delta'; content: string }
  | { kind: 'done'; finishReason: string };

/** A message of the conversation as the page keeps it: text only (tool rounds stay inside one answer). */
export interface HomeChatMessage {
  role: 'user' | 'assistant';
  content: string;
}
