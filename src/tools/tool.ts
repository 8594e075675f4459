// What a tool is: its row in the catalog (name, kind, description, arguments) and the outcome of running it.

import type { z } from 'zod';
import type { HomeAssistantReader } from '../homeassistant/index.ts';
import type { Exclusions } from './policy/exclusion-config.ts';
import type { ResultLimits } from './results/limits.ts';

/** What a tool may use while it runs: the connection's reader, the exclusions and the time of the call. */
export interface ToolContext {
  /** The reader of the connection the call's `instance` named. */
  reader: HomeAssistantReader;
  exclusions: Exclusions;
  /** The time of the call (history and logbook windows end here). */
  now: Date;
}

/** A tool's outcome: data for the model (made safe by the guard), or a refusal in plain words. */
export type ToolOutcome =
  | { kind: 'data'; data: unknown; notices?: readonly string[] }
  | { kind: 'refused'; reason: string };

/** One tool of the catalog. `args` describes the arguments besides `instance`, which the guard adds to every tool. */
export interface ToolDefinition<Args extends z.ZodObject = z.ZodObject> {
  /** The name models call, e.g. `get-state`. */
  name: string;
  /** `read` tools never change anything in the home. */
  kind: 'read' | 'write';
  /** A short human title. */
  title: string;
  /** What the tool does, for the model. */
  description: string;
  args: Args;
  /** Limits this tool's results need beyond the defaults (get-history returns up to 100 points). */
  resultLimits?: Partial<ResultLimits>;
  run(args: z.output<Args>, context: ToolContext): Promise<ToolOutcome>;
}

/** Declares a tool (keeps the argument type of `run` tied to the schema). */
export function defineTool<Args extends z.ZodObject>(tool: ToolDefinition<Args>): ToolDefinition<Args> {
  return tool;
}

/** A refusal. */
export function refused(reason: string): ToolOutcome {
  return { kind: 'refused', reason };
}
