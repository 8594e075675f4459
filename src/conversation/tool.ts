// Tools a client offers, the calls a model makes to them, and the client's tool-choice constraint.

/** A function tool offered to the model. */
export interface ToolDefinition {
  /** The exact name as offered; answers must use it unchanged. */
  name: string;
  description?: string;
  /** The JSON Schema of the arguments, as sent (not interpreted here). */
  parameters?: Record<string, unknown>;
  strict?: boolean;
}

/** One call of a tool, as a model made it or a client re-sent it. */
export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as a JSON text, exactly as produced (object-valued dialects are serialized on entry). */
  arguments: string;
}

/** The client's constraint on tool use for this turn. */
export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };
