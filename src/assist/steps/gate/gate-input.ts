// What the gate judges a set of calls with, and what it decides: send, ask or refuse the whole set.

import type { ToolCall } from '../../../conversation/index.ts';
import type { Candidate } from '../../diagnostics/diagnostics.ts';
import type { ToolSchemaValidator } from '../../tool-schema.ts';
import type { CatalogEntity, HaRequest, OfferedTool } from '../../understand/index.ts';
import type { SentenceFacts } from '../facts/index.ts';

/** A call as the gate sees it: a tool and its arguments (a model's id is kept by whoever sends it). */
export type GateCall = Pick<ToolCall, 'name' | 'arguments'>;

/** Who made the calls: HA-Assist's own plan, or the model. */
export type CallSource = 'deterministic' | 'model';

/** Everything the gate knows about a turn when it judges its calls. */
export interface GateInput {
  readonly source: CallSource;
  readonly calls: readonly GateCall[];
  /** The facts of the turn's sentence, read once. */
  readonly facts: SentenceFacts;
  /**
   * The parts of the request the rules read: the catalogue and the turn's live read (what a device is: its class),
   * floors, satellite, the tools offered (whether live state can be read), `tool_choice`, `parallel_tool_calls`.
   */
  readonly request: Pick<
    HaRequest,
    'catalog' | 'liveContext' | 'tools' | 'floors' | 'floorAreas' | 'satellite' | 'toolChoice' | 'parallelToolCalls'
  >;
  /**
   * The catalogue's entities by normalised name and alias (the home lists' index, built once per catalogue): a call's
   * named target is looked up, not searched for. Built from `request.catalog` when not given.
   */
  readonly names?: ReadonlyMap<string, readonly CatalogEntity[]>;
  /** The tools the calls may use: those given to the model (a deterministic plan may use every offered one). */
  readonly tools: readonly OfferedTool[];
  readonly validator: ToolSchemaValidator;
  /** What the plan asked the model for: one of several candidates, and the values the sentence set. */
  readonly plan?: {
    readonly candidates?: readonly Candidate[];
    readonly values?: Readonly<Record<string, string | number>>;
    /** True when the grammar matched the sentence word for word: its negation words are the grammar's. */
    readonly isExact?: boolean;
    /** HA-Assist checked the sentence's condition against live state, and it holds. */
    readonly conditionHeld?: boolean;
  };
  /** Sensitive actions (the classes of `confirm/sensitive-actions.ts`) wait for a yes; false sends them. */
  readonly confirmSensitive: boolean;
  /** A model is configured that a refused deterministic set may go to. */
  readonly hasModel: boolean;
}

/** Why the gate asks: a sensitive action waits for a yes, or the sentence did not say which area. */
export type AskReason = 'sensitive' | 'area';

/** The gate's decision on the whole set: nothing of a set is sent unless all of it is. */
export type GateVerdict =
  | { readonly kind: 'send' }
  | {
      readonly kind: 'ask';
      readonly rule: AskReason;
      readonly reason: string;
      readonly question: string;
      /** Asked only because the class of a device is not known (not read yet): a live read may settle it. */
      readonly isClassUnread?: boolean;
    }
  | {
      readonly kind: 'refuse';
      /** The rule broken (`ha_gate.rule`): a call rule (`schema`, `target`, …) or a rule of the set. */
      readonly rule: string;
      /** Why, in English words for the diagnostics. */
      readonly reason: string;
      /** What the user hears, in the request's language. */
      readonly text: string;
      readonly tool?: string;
    };
