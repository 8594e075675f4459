// The stores the change tools need (cli/ passes storage/'s SQLite implementations): the journal and the proposals.

/** A connection's write mode: read only (default), asks first, or acts without asking. */
export type WriteMode = 'read-only' | 'ask-first' | 'act';

/** Where a journal entry stands. `sending` is written before the call leaves; a restart turns it into `unknown`. */
export type OperationState = 'sending' | 'done' | 'failed' | 'unknown';

/** One service call as the journal keeps it. */
export interface JournalEntry {
  /** The unique operation id, e.g. `op_…`. */
  operationId: string;
  /** The connection's name. */
  connection: string;
  domain: string;
  service: string;
  entityIds: string[];
  data: Record<string, unknown>;
  /** The proposal this call carries out, if any. */
  proposalId: string | null;
  state: OperationState;
  /** What happened, in words (a failure's reason, why the outcome is unknown); empty while sending. */
  detail: string;
  /** ISO times. */
  createdAt: string;
  finishedAt: string | null;
}

/** The journal: a call is written here, durably, before it is sent, and sent at most once. */
export interface Journal {
  /** Writes the entry with state `sending` (synchronous, durable); throws if the operation id exists. */
  begin(entry: Omit<JournalEntry, 'state' | 'detail' | 'createdAt' | 'finishedAt'>): void;
  /**
   * Records the outcome of a call that was `sending`; false when it was not (already finished or unknown). Throws
   * `JOURNAL_UNWRITABLE` when the database cannot take it (the change service then keeps the outcome and retries).
   */
  finish(operationId: string, state: Exclude<OperationState, 'sending'>, detail: string): boolean;
  /** Turns every `sending` entry of a process that is gone into `unknown`; returns how many. */
  markInFlightUnknown(detail: string): number;
  get(operationId: string): JournalEntry | undefined;
  /** The newest entries first. */
  recent(limit: number): JournalEntry[];
}

/** Where a proposal stands. */
export type ProposalStatus = 'open' | 'confirmed' | 'cancelled' | 'expired' | 'stale';

/** One entity of a proposal as a person sees it. */
export interface ProposalEntity {
  entityId: string;
  /** The friendly name, or the entity id. */
  name: string;
  /** The state when the proposal was made. */
  state: string;
}

/** A change waiting for a person's yes. */
export interface Proposal {
  /** e.g. `prop_…`. */
  id: string;
  /** The connection's name. */
  connection: string;
  /**
   * The identity and the address of the connection it was made for; a confirmation is refused when the connection of
   * that name is now another one, or at another address. Null for proposals made before hearth kept them.
   */
  connectionId: string | null;
  connectionAddress: string | null;
  /** `call-service` or `call-physical-service`. */
  tool: string;
  domain: string;
  service: string;
  entities: ProposalEntity[];
  data: Record<string, unknown>;
  /** `quiet` or `confirmed`. */
  serviceClass: 'quiet' | 'confirmed';
  /** The revision of the limits it was checked against (the `policy_hash` column); any other makes it stale. */
  limitsRevision: string;
  status: ProposalStatus;
  /** The journal entry of its call, once confirmed. */
  operationId: string | null;
  /**
   * Why a `stale` proposal was closed (other limits, or a confirmation refused because the home or the connection no
   * longer allows it); null for every other status, and for proposals made stale before hearth kept the reason.
   */
  closedReason: string | null;
  createdAt: string;
  expiresAt: string;
}

/** The outcome of claiming or cancelling a proposal. */
export type ProposalTransition =
  | { kind: 'done'; proposal: Proposal }
  | { kind: 'not-open'; proposal: Proposal }
  | { kind: 'unknown' };

/** The proposals. Every transition is atomic, so two people confirming at once cannot both run it. */
export interface ProposalStore {
  create(proposal: Omit<Proposal, 'status' | 'operationId' | 'createdAt' | 'closedReason'>): Proposal;
  /** Every proposal (open ones past their expiry are returned, and stored, as `expired`), newest first. */
  list(): Proposal[];
  get(id: string): Proposal | undefined;
  /**
   * In one transaction: an open, unexpired proposal made under `limitsRevision` → confirmed, with the operation id that
   * will carry it out; one made under other limits → stale, with that reason (nothing is sent); anything else is left
   * as it is.
   */
  claim(id: string, operationId: string, limitsRevision: string): ProposalTransition;
  /** open → cancelled. */
  cancel(id: string): ProposalTransition;
  /**
   * open → stale with `reason`: a confirmation refused because the proposal no longer passes (the home, the connection
   * or the limits changed), so it is not left open to be confirmed again.
   */
  close(id: string, reason: string): ProposalTransition;
  /**
   * One page, newest first (open ones past their expiry are returned, and stored, as `expired`): at most `limit`
   * proposals of `status` (`all` for any) older than the proposal `before`; `next` is the `before` of the page after,
   * null on the last one. An unknown `before` gives an empty page.
   */
  page(query: { status: ProposalStatus | 'all'; limit: number; before?: string }): {
    proposals: Proposal[];
    next: string | null;
  };
}
