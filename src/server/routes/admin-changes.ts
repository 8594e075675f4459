// /admin/policy, /admin/proposals and /admin/journal: the limits, a person's yes or no, and what was sent.

import type { Context } from 'hono';
import { HearthError } from '../../common/index.ts';
import { type Confirmation, journalJson, proposalJson, serializePolicy } from '../../tools/index.ts';
import type { AppEnv, ToolAddOn } from '../context.ts';

/** The most open proposals whose entities' current states one answer reads from Home Assistant. */
const MAX_LIVE_PROPOSALS = 20;

/** The most journal entries one answer holds. */
const MAX_JOURNAL = 200;

/** The handlers over the tool add-on. */
export function adminChanges(addOn: ToolAddOn) {
  return {
    readPolicy: (c: Context<AppEnv>) => {
      const state = addOn.limits.read();
      // Valid limits are shown as they apply, every default written out (an editor that saves them back then keeps
      // the default exclusions); a broken file as written, so it can be seen and fixed.
      if (state.kind === 'ok')
        return c.json({ valid: true, hash: state.hash, policy: JSON.parse(serializePolicy(state.policy)) });
      return c.json({ valid: false, reason: state.reason, policy: parseOrText(addOn.limits.text()) });
    },

    savePolicy: async (c: Context<AppEnv>) => {
      const saved = addOn.limits.save(await c.req.text());
      if (saved.kind === 'invalid')
        throw new HearthError('invalid_request', 'INVALID_POLICY', `The limits were not saved: ${saved.reason}`);
      return c.json({ saved: true, hash: saved.hash });
    },

    // Open proposals also show what each entity is now, and whether the limits changed since (confirming is refused).
    listProposals: async (c: Context<AppEnv>) => {
      const limits = addOn.limits.read();
      const hash = limits.kind === 'ok' ? limits.hash : null;
      let live = 0;
      const proposals = await Promise.all(
        addOn.proposals.list().map(async (proposal) => {
          const json = proposalJson(proposal);
          if (proposal.status !== 'open') return json;
          const ids = proposal.entities.map((entity) => entity.entityId);
          // The newest open proposals are read live; past that, a page polling every few seconds would flood the home.
          live += 1;
          const now =
            live <= MAX_LIVE_PROPOSALS
              ? await addOn.guard.currentStates(proposal.connection, ids)
              : new Map<string, string | null>();
          return {
            ...json,
            entities: json.entities.map((entity) => ({ ...entity, current_state: now.get(entity.entity_id) ?? null })),
            stale: proposal.policyHash !== hash,
          };
        }),
      );
      return c.json({ proposals });
    },

    confirm: async (c: Context<AppEnv>) => {
      const confirmation = await addOn.changes.confirm(c.req.param('id') ?? '');
      if (confirmation.kind === 'refused') throw refusal(confirmation);
      const { execution } = confirmation;
      return c.json({
        proposal: proposalJson(confirmation.proposal),
        operation_id: execution.operationId,
        outcome: execution.outcome.kind,
        ...(execution.outcome.kind === 'done'
          ? { changed: execution.outcome.changed.map((state) => ({ entity_id: state.entity_id, state: state.state })) }
          : { reason: execution.outcome.reason }),
      });
    },

    cancel: (c: Context<AppEnv>) => {
      const cancelled = addOn.changes.cancel(c.req.param('id') ?? '');
      if (cancelled.kind === 'refused') throw refusal(cancelled);
      return c.json({ proposal: proposalJson(cancelled.proposal) });
    },

    journal: (c: Context<AppEnv>) => {
      const limit = Math.min(Number(c.req.query('limit') ?? 50) || 50, MAX_JOURNAL);
      return c.json({ operations: addOn.journal.recent(limit).map(journalJson) });
    },
  };
}

/** An unknown proposal is a 404; one that is not open (or that the limits no longer allow) a 409. */
function refusal(refused: Extract<Confirmation, { kind: 'refused' }> | { kind: 'refused'; reason: string }) {
  const unknown = refused.reason.startsWith('there is no proposal');
  return unknown
    ? new HearthError('not_found', 'UNKNOWN_PROPOSAL', refused.reason)
    : new HearthError('conflict', 'PROPOSAL_NOT_OPEN', refused.reason);
}

/** policy.json as JSON when it parses, else as the text (so a broken file can still be seen and fixed). */
function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
