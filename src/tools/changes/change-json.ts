// Proposals and journal entries in the wire spelling the admin API and `hearth … --json` print.

import type { JournalEntry, Proposal, ProposalEntity } from './stores.ts';

/** An entity a proposal would change, as it was when proposed, in the API's spelling. */
export function proposalEntityJson(entity: ProposalEntity) {
  return { entity_id: entity.entityId, name: entity.name, state: entity.state };
}

/** A proposal in the API's spelling. */
export function proposalJson(proposal: Proposal) {
  return {
    id: proposal.id,
    connection: proposal.connection,
    tool: proposal.tool,
    service: `${proposal.domain}.${proposal.service}`,
    entities: proposal.entities.map(proposalEntityJson),
    data: proposal.data,
    class: proposal.serviceClass,
    status: proposal.status,
    // Why a stale proposal was closed (other limits, or a refused confirmation); null otherwise.
    closed_reason: proposal.closedReason,
    operation_id: proposal.operationId,
    created_at: proposal.createdAt,
    expires_at: proposal.expiresAt,
  };
}

/** A journal entry in the API's spelling. */
export function journalJson(entry: JournalEntry) {
  return {
    operation_id: entry.operationId,
    connection: entry.connection,
    service: `${entry.domain}.${entry.service}`,
    entity_ids: entry.entityIds,
    data: entry.data,
    proposal_id: entry.proposalId,
    state: entry.state,
    detail: entry.detail,
    created_at: entry.createdAt,
    finished_at: entry.finishedAt,
  };
}
