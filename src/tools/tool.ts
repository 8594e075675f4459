// What a tool is: its row in the catalog (name, kind, description, arguments) and the outcome of running it.

import type { z } from 'zod';
import type { HomeAssistantReader, HomeAssistantWriter } from '../homeassistant/index.ts';
import type { ChangeService } from './changes/change-service.ts';
import type { Proposal, WriteMode } from './changes/stores.ts';
import type { VisibleHomeRead } from './home/visible-home.ts';
import type { Policy } from './policy/policy-file-schema.ts';
import type { ResultLimits } from './results/limits.ts';

/**
 * What a tool reads from Home Assistant besides the home's entities: its configuration, its services, one visible
 * entity's history and logbook. States, areas and labels come only through the guard's view ({@link ToolContext.home}).
 */
export type ToolReader = Pick<
  HomeAssistantReader,
  'address' | 'getConfig' | 'getServices' | 'getHistory' | 'getLogbook'
>;

/** What a tool may use while it runs: the connection named by `instance`, the limits, the caller, the time. */
export interface ToolContext {
  /** The reader of the connection the call's `instance` named, without the reads of states, areas and labels. */
  reader: ToolReader;
  writer: HomeAssistantWriter;
  connection: { name: string; writeMode: WriteMode };
  /**
   * The visible view of the home, built by the guard once for this call (exclusions applied), the same one its
   * boundary filter judges the result by: the first read asks Home Assistant, later ones get the same view.
   */
  home(options?: { needAreas?: boolean }): Promise<VisibleHomeRead>;
  /** The limits in force (read once by the guard for this call): the services a model may call and their rules. */
  policy: Policy;
  /** The revision of the limits the guard read once for this call: a proposal this call makes is stamped with it. */
  revision: string;
  /** Proposals and journalled execution; absent when the add-on has no data folder (write tools are then refused). */
  changes: ChangeService | undefined;
  caller: Caller;
  /** The time of the call (history and logbook windows end here). */
  now: Date;
  /**
   * Whether `data` would be returned, or refused as over this tool's result limits (its bytes and the limit): a write
   * tool asks before it stores anything, so a refusal never leaves a proposal behind.
   */
  measureResult(data: unknown): { kind: 'fits' } | { kind: 'too-large'; bytes: number; limit: number };
}

/** Who is calling: whether a person is there, and how to ask them (MCP elicitation) when the client can. */
export interface Caller {
  /** A person takes part in the chat (a quiet change may then run at once in the `act` write mode). */
  attended: boolean;
  /** Asks the person to confirm a proposal, when the client can ask. */
  confirm?: (proposal: Proposal) => Promise<'yes' | 'no' | 'no-answer'>;
  /** The only connections (by name) this caller may use, e.g. those of its API key; every enabled one when absent. */
  connections?: readonly string[];
}

/** A caller with no person present. */
export const UNATTENDED: Caller = Object.freeze({ attended: false });

/**
 * A tool's outcome: data for the model (made safe by the guard), or a refusal in plain words. A refusal that quotes
 * Home Assistant (an error it answered, a failed read's reason) puts those words in `said`: the guard passes them on
 * only inside `untrusted_data`, after hearth's own `reason`.
 */
export type ToolOutcome =
  /** `proposed`: a change stored for a person to confirm, not sent (for metrics; the data says so to the model). */
  | { kind: 'data'; data: unknown; notices?: readonly string[]; proposed?: true }
  | { kind: 'refused'; reason: string; said?: string };

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

/** A refusal in hearth's words that quotes what Home Assistant said (e.g. a failed read's reason). */
export function refusedQuoting(reason: string, said: string): Extract<ToolOutcome, { kind: 'refused' }> {
  return { kind: 'refused', reason, said };
}
