// The Proposals view's history: proposals no longer open, newest first, a page at a time.
import { useEffect, useState } from 'preact/hooks';
import { type ApiError, listProposals, toApiError } from './api.ts';
import { ErrorAlert } from './error-alert.tsx';
import { formatTime } from './format-time.ts';
import type { ProposalJson } from './types.ts';

/** Proposals one request of the history asks for. */
const PAGE = 20;

/** The history; it reloads from the newest whenever `version` changes (after a person's yes or no). */
export function ProposalHistory({ version }: { version: number }) {
  const [items, setItems] = useState<ProposalJson[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  const load = async (before: string | null) => {
    try {
      const page = await listProposals({ status: 'all', limit: PAGE, ...(before === null ? {} : { before }) });
      setItems((shown) => [...(before === null ? [] : shown), ...page.proposals]);
      setNext(page.next);
      setError(null);
    } catch (caught) {
      setError(toApiError(caught));
    }
  };
  useEffect(() => void load(null), [version]);

  // Open ones are the cards above; the history lists the rest.
  const closed = items.filter((proposal) => proposal.status !== 'open');
  if (closed.length === 0 && next === null && error === null) return null;
  return (
    <>
      <h3>Recent</h3>
      <ErrorAlert error={error} keyNeed="admin" />
      <ul class="recent">
        {closed.map((proposal) => (
          <li key={proposal.id}>
            <code>{proposal.service}</code> on {proposal.connection}{' '}
            <span class={`badge status-${proposal.status}`}>{proposal.status}</span>{' '}
            {proposal.closed_reason ? <span class="muted">{proposal.closed_reason} </span> : null}
            <span class="muted">
              <time dateTime={proposal.created_at}>{formatTime(proposal.created_at)}</time>
            </span>
          </li>
        ))}
      </ul>
      {next === null ? null : (
        <button type="button" class="secondary" onClick={() => void load(next)}>
          Show older
        </button>
      )}
    </>
  );
}
