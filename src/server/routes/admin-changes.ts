// /admin/policy, /admin/proposals and /admin/journal: the limits, a person's yes or no, and what was sent.

import type { Context } from 'hono';
import { z } from 'zod';
import { type Clock, HearthError } from '../../common/index.ts';
import {
  type Refused,
  echo,
  INPUT_LIMITS,
  journalJson,
  type Proposal,
  proposalJson,
  serializePolicy,
} from '../../tools/index.ts';
import type { AppEnv, ToolAddOn } from '../context.ts';
import { createCurrentStatesCache, type ReadCurrentStates } from '../current-states-cache.ts';
import type {
  CancelResponse,
  ConfirmResponse,
  JournalResponse,
  PolicyJson,
  PolicyResponse,
  PolicySavedResponse,
  ProposalJson,
  ProposalsQuery,
  ProposalsResponse,
} from '../page-contract.ts';
import { parseQuery, wholeNumberParam } from './parse-query.ts';

/** A proposal id as the store makes them (`prop_…`); a longer or stranger one names no proposal. */
const PROPOSAL_ID = /^[\w-]{1,64}$/;

/** The statuses `status` may name; `all` is any. */
const PROPOSAL_STATUSES = [
  'open',
  'confirmed',
  'cancelled',
  'expired',
  'stale',
  'all',
] as const satisfies readonly Required<ProposalsQuery>['status'][];

/** `GET /admin/proposals`'s query: open ones by default, a page of 20, older than the proposal `before`. */
// The parameters are the page contract's, no more and no fewer (their text becomes its values).
const ProposalsQuerySchema = z.strictObject({
  status: z.enum(PROPOSAL_STATUSES, `must be one of ${PROPOSAL_STATUSES.join(', ')}`).default('open'),
  limit: wholeNumberParam({ min: 1, max: INPUT_LIMITS.proposalsPerPage, fallback: 20 }),
  before: z.string().regex(PROPOSAL_ID, 'must be a proposal id, as `next` gives it').optional(),
} satisfies Record<keyof ProposalsQuery, z.ZodType>);

/** A query with no parameter: the endpoints that take none refuse any, as the others refuse unknown ones. */
const NoQuerySchema = z.strictObject({});

/** `GET /admin/journal`'s query: the newest `limit` entries. */
const JournalQuerySchema = z.strictObject({
  limit: wholeNumberParam({ min: 1, max: INPUT_LIMITS.journalEntries, fallback: 50 }),
});

/** The handlers over the tool add-on; `clock` dates the current states shown with open proposals. */
export function adminChanges(addOn: ToolAddOn, clock: Clock) {
  // Per app, not per module: each app (and each test) has its own.
  const currentStates = createCurrentStatesCache({
    read: addOn.guard.currentStates,
    clock,
    ttlMs: INPUT_LIMITS.proposalStatesCacheMs,
  });
  return {
    readPolicy: (c: Context<AppEnv>) => {
      parseQuery(NoQuerySchema, c.req.queries(), 'INVALID_QUERY');
      const state = addOn.limits.read();
      // Valid limits are shown as they apply, every default written out (an editor that saves them back then keeps
      // the default exclusions); a broken file as written, so it can be seen and fixed.
      if (state.kind === 'ok') {
        // policy.json's one writer gives the wire form too (every default written out).
        const policy: PolicyJson = JSON.parse(serializePolicy(state.policy));
        // `hash` is the wire name the page and scripts read; it carries the limits' revision (`r1`, `r2` …).
        return c.json({ valid: true, hash: state.revision, policy } satisfies PolicyResponse);
      }
      return c.json({
        valid: false,
        reason: state.reason,
        policy: parseOrText(addOn.limits.text()),
      } satisfies PolicyResponse);
    },

    savePolicy: async (c: Context<AppEnv>) => {
      const saved = addOn.limits.save(await c.req.text());
      if (saved.kind === 'invalid')
        throw new HearthError('INVALID_POLICY', `The limits were not saved: ${saved.reason}`);
      return c.json({ saved: true, hash: saved.revision } satisfies PolicySavedResponse);
    },

    // One page; its open proposals also show what each entity is now (read for this page only, and reused for a
    // moment), and whether the limits changed since (confirming is then refused).
    listProposals: async (c: Context<AppEnv>) => {
      const query = parseQuery(ProposalsQuerySchema, c.req.queries(), 'INVALID_QUERY');
      const page = addOn.proposals.page(query);
      const limits = addOn.limits.read();
      const revision = limits.kind === 'ok' ? limits.revision : null;
      const now = await statesOfOpen(page.proposals, currentStates);
      const proposals = page.proposals.map((proposal): ProposalJson => {
        const json: ProposalJson = proposalJson(proposal);
        if (proposal.status !== 'open') return json;
        const states = now.get(proposal.connection);
        return {
          ...json,
          entities: json.entities.map((entity) => ({
            ...entity,
            current_state: states?.get(entity.entity_id) ?? null,
          })),
          stale: proposal.limitsRevision !== revision,
        };
      });
      return c.json({ proposals, next: page.next } satisfies ProposalsResponse);
    },

    confirm: async (c: Context<AppEnv>) => {
      const confirmation = await addOn.changes.confirm(proposalId(c));
      if (confirmation.kind === 'refused') throw refusal(confirmation);
      const { execution } = confirmation;
      return c.json({
        proposal: proposalJson(confirmation.proposal),
        operation_id: execution.operationId,
        outcome: execution.outcome.kind,
        ...(execution.outcome.kind === 'done'
          ? { changed: execution.outcome.changed.map((state) => ({ entity_id: state.entity_id, state: state.state })) }
          : { reason: execution.outcome.reason }),
      } satisfies ConfirmResponse);
    },

    cancel: (c: Context<AppEnv>) => {
      const cancelled = addOn.changes.cancel(proposalId(c));
      if (cancelled.kind === 'refused') throw refusal(cancelled);
      return c.json({ proposal: proposalJson(cancelled.proposal) } satisfies CancelResponse);
    },

    journal: (c: Context<AppEnv>) => {
      const { limit } = parseQuery(JournalQuerySchema, c.req.queries(), 'INVALID_QUERY');
      return c.json({ operations: addOn.journal.recent(limit).map(journalJson) } satisfies JournalResponse);
    },
  };
}

/** The proposal id of the path; one no proposal can have is a 404 that quotes it cut, before anything looks it up. */
function proposalId(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!PROPOSAL_ID.test(id))
    throw new HearthError('UNKNOWN_PROPOSAL', `There is no proposal ${echo(id)}.`, { param: 'id' });
  return id;
}

/** An unknown proposal is a 404; one that is not open (or that the limits no longer allow) a 409. */
function refusal(refused: Refused) {
  return refused.unknown === true
    ? new HearthError('UNKNOWN_PROPOSAL', refused.reason)
    : new HearthError('PROPOSAL_NOT_OPEN', refused.reason);
}

/** policy.json as JSON when it parses, else as the text (so a broken file can still be seen and fixed). */
function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The current states of the open proposals' entities, by connection: one read per connection, of its entities, and
 * of no more than {@link INPUT_LIMITS.proposalStateReads} in all (the first ones of the page; the rest show none).
 */
async function statesOfOpen(
  proposals: readonly Proposal[],
  read: ReadCurrentStates,
): Promise<Map<string, Map<string, string | null>>> {
  const wanted = new Map<string, Set<string>>();
  let count = 0;
  for (const proposal of proposals) {
    if (proposal.status !== 'open') continue;
    const ids = wanted.get(proposal.connection) ?? new Set<string>();
    for (const entity of proposal.entities) {
      if (count >= INPUT_LIMITS.proposalStateReads || ids.has(entity.entityId)) continue;
      ids.add(entity.entityId);
      count += 1;
    }
    wanted.set(proposal.connection, ids);
  }
  const states = await Promise.all(
    [...wanted].map(async ([connection, ids]) => [connection, await read(connection, [...ids])] as const),
  );
  return new Map(states);
}
