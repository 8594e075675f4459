// Carrying out changes: a call journalled before it is sent and sent at most once, and proposals a person confirms.

import { type Clock, HearthError, type IdSource } from '../../common/index.ts';
import type { HomeAssistantReader, HomeAssistantWriter, ServiceCallOutcome } from '../../homeassistant/index.ts';
import { createKeptOutcomes } from './kept-outcomes.ts';
import type { Policy } from '../policy/policy-file-schema.ts';
import type { LimitsState } from './limits.ts';
import type { Journal, Proposal, ProposalEntity, ProposalStore, WriteMode } from './stores.ts';

/** How long a proposal can be confirmed: a physical (confirmed-class) change 15 minutes, a quiet one two hours. */
export const PROPOSAL_LIFETIME_MS = { confirmed: 15 * 60_000, quiet: 2 * 60 * 60_000 } as const;

/** A change as it will be sent. */
export interface Change {
  connection: string;
  domain: string;
  service: string;
  entityIds: string[];
  data: Record<string, unknown>;
}

/** What happened to a change that was carried out. */
export interface Execution {
  operationId: string;
  outcome: ServiceCallOutcome;
}

/** The outcome of confirming a proposal. */
export type Confirmation = { kind: 'executed'; proposal: Proposal; execution: Execution } | Refused;

/** Why a confirmation or a cancel did nothing; `unknown` when no proposal has the id (else it is not open, or fails). */
export interface Refused {
  kind: 'refused';
  reason: string;
  proposal?: Proposal;
  unknown?: true;
}

/**
 * Whether a proposal still passes the guard's rules: it does; it does not, and why (the proposal is then closed, never
 * carried out); or the home could not be read to say (nothing was judged: the proposal stays open, to be tried again).
 */
export type RecheckOutcome =
  | { kind: 'passes' }
  | { kind: 'refused'; reason: string }
  | { kind: 'unreadable'; reason: string };

/** Checks a proposal again against the home as it is now, under `policy` (the limits in force). */
export type Recheck = (
  proposal: Proposal,
  home: { reader: HomeAssistantReader; policy: Policy },
) => Promise<RecheckOutcome>;

/** A connection as the change service needs it to carry a change out. */
export interface ChangeTarget {
  /** The connection's identity: another connection added later under the same name has another one. */
  id: string;
  /** Its address now. */
  address: string;
  /** False when an administrator switched it off: it makes no change. */
  enabled: boolean;
  writeMode: WriteMode;
  /** Reads the home again when a proposal is confirmed. */
  reader: HomeAssistantReader;
  writer: HomeAssistantWriter;
}

/** What the change service works with (cli/ passes the SQLite stores and the real writers). */
export interface ChangeServiceOptions {
  journal: Journal;
  proposals: ProposalStore;
  clock: Clock;
  ids: IdSource;
  limits: () => LimitsState;
  /** The connection of a name as it is now, enabled or not (undefined when it was removed). */
  connection: (name: string) => ChangeTarget | undefined;
  /**
   * Checks a proposal again, at its confirmation, against the home as it is then: cli/ passes `recheckProposal` (the
   * guard's decision on what Home Assistant says now); tests of the journal alone pass one that lets everything through.
   */
  recheck: Recheck;
  /** Called between the journal write and the send (fault tests stop the process here). */
  beforeSend?: (operationId: string) => void;
  /**
   * Runs `work` in one database transaction, so its writes commit together or not at all (default: as it comes). A
   * confirmation claims its proposal and journals its call this way: a journal that cannot be written leaves the
   * proposal open, never confirmed with a call that was neither recorded nor sent.
   */
  atomically?: <T>(work: () => T) => T;
  /** The first wait before an outcome the journal could not take is written again, in ms (default 1 s, doubling). */
  journalRetryMs?: number;
}

/** Proposals and their execution. */
export interface ChangeService {
  /**
   * Sends a change now, journalled first. A journal that cannot be written before the send throws `JOURNAL_UNWRITABLE`
   * and nothing is sent; one that cannot take the outcome after it throws `JOURNAL_UNWRITABLE` saying what happened.
   */
  execute(change: Change, writer: HomeAssistantWriter): Promise<Execution>;
  /**
   * Stores a proposal for a person to confirm, stamped with `revision`: the limits the call was decided under (read
   * once by the guard), never limits saved while the call waited on Home Assistant.
   */
  propose(
    change: Change,
    details: { tool: string; serviceClass: 'quiet' | 'confirmed'; entities: ProposalEntity[]; revision: string },
  ): Proposal;
  /**
   * A person's yes: claims the proposal (at most once, whoever else confirms) and carries it out. One that no longer
   * passes (its connection removed, replaced, disabled or read only; the home's exclusions or an entity's class now
   * refuse it; other limits) is closed as `stale` with the reason, never left open to be confirmed again.
   */
  confirm(id: string): Promise<Confirmation>;
  /** A person's no. */
  cancel(id: string): { kind: 'cancelled'; proposal: Proposal } | Refused;
}

/** Creates the change service. */
export function createChangeService(options: ChangeServiceOptions): ChangeService {
  const { journal, proposals, clock, ids } = options;

  const atomically = options.atomically ?? (<T>(work: () => T): T => work());
  const { recheck } = options;
  const outcomes = createKeptOutcomes({
    journal,
    ...(options.journalRetryMs === undefined ? {} : { retryMs: options.journalRetryMs }),
  });

  /** Sends a change journalled under `operationId` (committed before this is called), once. */
  async function send(operationId: string, change: Change, writer: HomeAssistantWriter) {
    options.beforeSend?.(operationId);
    const outcome = await writer.callService({
      domain: change.domain,
      service: change.service,
      data: { ...change.data, entity_id: change.entityIds },
    });
    try {
      outcomes.finish(operationId, journalState(outcome), describeOutcome(outcome));
    } catch (error) {
      // The call has left and is never sent again; the person hears what happened to it, and why it is not recorded.
      throw unrecorded({ operationId, outcome }, error);
    }
    return { operationId, outcome };
  }

  async function execute(change: Change, writer: HomeAssistantWriter): Promise<Execution> {
    // A journal that takes this call's entry takes the outcomes it could not take before, first.
    outcomes.flush();
    const operationId = ids.next('op_');
    // Written (synchronously, durably) before anything leaves: a crash after this line leaves an entry that the next
    // start marks unknown, never one that is sent again. A journal that cannot be written throws: nothing is sent.
    journal.begin({ operationId, ...change, proposalId: null });
    return send(operationId, change, writer);
  }

  function propose(
    change: Change,
    details: { tool: string; serviceClass: 'quiet' | 'confirmed'; entities: ProposalEntity[]; revision: string },
  ): Proposal {
    // The proposal belongs to the connection as it is now: its identity and address are checked again at confirmation.
    // One removed meanwhile leaves them null, which no connection matches: such a proposal is never carried out.
    const target = options.connection(change.connection);
    const now = clock.now();
    return proposals.create({
      id: ids.next('prop_'),
      connection: change.connection,
      connectionId: target?.id ?? null,
      connectionAddress: target?.address ?? null,
      tool: details.tool,
      domain: change.domain,
      service: change.service,
      entities: details.entities,
      data: change.data,
      serviceClass: details.serviceClass,
      limitsRevision: details.revision,
      expiresAt: new Date(now + PROPOSAL_LIFETIME_MS[details.serviceClass]).toISOString(),
    });
  }

  async function confirm(id: string): Promise<Confirmation> {
    const proposal = proposals.get(id);
    if (proposal === undefined) return { kind: 'refused', reason: `there is no proposal ${id}`, unknown: true };
    const limits = options.limits();
    if (limits.kind !== 'ok') return { kind: 'refused', reason: limits.reason, proposal };
    const target = options.connection(proposal.connection);
    if (target === undefined) return close(proposal, `the connection ${proposal.connection} no longer exists`);
    const unusable = whyNotCarriedOut(proposal, target);
    if (unusable !== undefined) return close(proposal, unusable);
    // A proposal that is no longer open, or was made under other limits, goes on to the claim, which says so (and
    // marks the latter stale); an open one is decided again on the home as it is now, before anything is written.
    if (proposal.status === 'open' && proposal.limitsRevision === limits.revision) {
      const again = await recheck(proposal, { reader: target.reader, policy: limits.policy });
      if (again.kind === 'unreadable')
        return { kind: 'refused', reason: `${again.reason}; nothing was sent`, proposal };
      if (again.kind === 'refused') return close(proposal, again.reason);
    }
    outcomes.flush();
    const operationId = ids.next('op_');
    // The claim and the journal entry commit together, before anything is sent; if the journal cannot be written, the
    // claim is undone and the error (a coded one) reaches the person confirming.
    const claimed = atomically(() => {
      const transition = proposals.claim(id, operationId, limits.revision);
      if (transition.kind === 'done') {
        const { connection, domain, service, data, entities } = transition.proposal;
        const entityIds = entities.map((entity) => entity.entityId);
        journal.begin({ operationId, connection, domain, service, entityIds, data, proposalId: id });
      }
      return transition;
    });
    if (claimed.kind === 'unknown') return { kind: 'refused', reason: `there is no proposal ${id}`, unknown: true };
    if (claimed.kind === 'not-open')
      return { kind: 'refused', reason: notOpenReason(claimed.proposal), proposal: claimed.proposal };
    const { connection, domain, service, data } = claimed.proposal;
    const entityIds = claimed.proposal.entities.map((entity) => entity.entityId);
    const execution = await send(operationId, { connection, domain, service, entityIds, data }, target.writer);
    return { kind: 'executed', proposal: claimed.proposal, execution };
  }

  /**
   * Closes an open proposal that no longer passes, keeping why; the refusal says why, or, when it was no longer open
   * (confirmed, cancelled or expired meanwhile), what became of it.
   */
  function close(proposal: Proposal, reason: string): Confirmation {
    const closed = proposals.close(proposal.id, reason);
    if (closed.kind === 'unknown')
      return { kind: 'refused', reason: `there is no proposal ${proposal.id}`, unknown: true };
    if (closed.kind === 'not-open')
      return { kind: 'refused', reason: notOpenReason(closed.proposal), proposal: closed.proposal };
    return { kind: 'refused', reason: `${reason}; nothing was sent`, proposal: closed.proposal };
  }

  function cancel(id: string): { kind: 'cancelled'; proposal: Proposal } | Refused {
    const cancelled = proposals.cancel(id);
    if (cancelled.kind === 'done') return { kind: 'cancelled', proposal: cancelled.proposal };
    if (cancelled.kind === 'unknown') return { kind: 'refused', reason: `there is no proposal ${id}`, unknown: true };
    return { kind: 'refused', reason: notOpenReason(cancelled.proposal) };
  }

  return { execute, propose, confirm, cancel };
}

/** Why a proposal cannot be carried out on the connection of its name as it is now, or undefined when it can. */
function whyNotCarriedOut(proposal: Proposal, target: ChangeTarget): string | undefined {
  const name = proposal.connection;
  if (proposal.connectionId !== target.id || proposal.connectionAddress !== target.address)
    return `the connection ${name} is not the one this proposal was made for (it was removed and added again, or its address changed)`;
  if (!target.enabled) return `the connection ${name} is disabled`;
  if (target.writeMode === 'read-only') return `the connection ${name} is now read only`;
  return undefined;
}

function journalState(outcome: ServiceCallOutcome): 'done' | 'failed' | 'unknown' {
  // A call that never left changed nothing: it is a failure, not an unknown.
  return outcome.kind === 'not-sent' ? 'failed' : outcome.kind;
}

/** The words the journal keeps for an outcome. */
export function describeOutcome(outcome: ServiceCallOutcome): string {
  switch (outcome.kind) {
    case 'done':
      return `done; ${outcome.changed.length} state(s) changed with the call`;
    case 'failed':
      return outcome.reason;
    case 'not-sent':
      return `not sent: ${outcome.reason}`;
    case 'unknown':
      return `unknown: ${outcome.reason}; Home Assistant may have carried it out, and it is not retried`;
  }
}

/** The error for a call that finished while the journal could not be written: what happened to it, coded. */
function unrecorded(execution: Execution, cause: unknown): HearthError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const message =
    `${reportSent(execution)}; but the journal could not be written (${reason}): hearth keeps this outcome and ` +
    'records it once the journal can be written again, or, if this process stops first, the next start records it unknown';
  return new HearthError('JOURNAL_UNWRITABLE', message, { cause });
}

/** What happened to a call that left, in words. */
function reportSent({ operationId, outcome }: Execution): string {
  switch (outcome.kind) {
    case 'done':
      return `operation ${operationId} was sent and Home Assistant carried it out (${outcome.changed.length} state(s) changed)`;
    case 'failed':
      return `operation ${operationId} was sent and Home Assistant refused it: ${outcome.reason}`;
    case 'not-sent':
      return `operation ${operationId} was not sent: ${outcome.reason}`;
    case 'unknown':
      return `operation ${operationId} was sent; its outcome is unknown: ${outcome.reason}; Home Assistant may have carried it out, and it is not retried`;
  }
}

function notOpenReason(proposal: Proposal): string {
  switch (proposal.status) {
    case 'confirmed':
      return `the proposal ${proposal.id} was already confirmed (operation ${proposal.operationId})`;
    case 'cancelled':
      return `the proposal ${proposal.id} was cancelled`;
    case 'expired':
      return `the proposal ${proposal.id} expired at ${proposal.expiresAt}; nothing was sent`;
    case 'stale':
      return `the proposal ${proposal.id} is stale: ${proposal.closedReason ?? 'the limits changed after it was made'}; nothing was sent`;
    case 'open':
      return `the proposal ${proposal.id} is still open`;
  }
}
