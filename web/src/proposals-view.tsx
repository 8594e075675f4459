// The Proposals view: changes waiting for a person's yes, polled while the view is open, and the recent ones.
import { useState } from 'preact/hooks';
import { type ApiError, request, toApiError } from './api.ts';
import { describeOutcome } from './confirm-outcome.ts';
import { ErrorAlert } from './error-alert.tsx';
import { formatTime } from './format-time.ts';
import { ProposalCard } from './proposal-card.tsx';
import type { ConfirmReply, ProposalList, ProposalReply } from './types.ts';
import { useInterval } from './use-interval.ts';
import { useResource } from './use-resource.ts';
import { ViewSection } from './view-section.tsx';

const POLL_MS = 2000;

/** The Proposals view (admin key). */
export function ProposalsView() {
  const list = useResource(() => request<ProposalList>('GET', '/admin/proposals'));
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState<ApiError | null>(null);
  useInterval(() => void list.reload(), POLL_MS);
  useInterval(() => setNowMs(Date.now()), 1000);

  const decide = async (id: string, action: 'confirm' | 'cancel') => {
    setNotice('');
    try {
      const path = `/admin/proposals/${encodeURIComponent(id)}/${action}`;
      if (action === 'confirm') setNotice(describeOutcome(await request<ConfirmReply>('POST', path)));
      else {
        await request<ProposalReply>('POST', path);
        setNotice(`Cancelled ${id}.`);
      }
      setActionError(null);
    } catch (caught) {
      setActionError(toApiError(caught));
    }
    await list.reload();
  };

  const proposals = list.data?.proposals ?? [];
  const open = proposals.filter((proposal) => proposal.status === 'open');
  const closed = proposals.filter((proposal) => proposal.status !== 'open');
  return (
    <ViewSection title="Proposals">
      <p class="lead">Changes the model proposed. Nothing is sent to Home Assistant until a person confirms.</p>
      <ErrorAlert error={actionError ?? list.error} keyNeed="admin" />
      <p role="status" class="notice">
        {notice}
      </p>
      {list.data && open.length === 0 ? <p class="muted">No proposal is waiting.</p> : null}
      <div class="proposal-list">
        {open.map((proposal) => (
          <ProposalCard
            key={proposal.id}
            proposal={proposal}
            nowMs={nowMs}
            onConfirm={(id) => void decide(id, 'confirm')}
            onCancel={(id) => void decide(id, 'cancel')}
          />
        ))}
      </div>
      {closed.length > 0 ? (
        <>
          <h3>Recent</h3>
          <ul class="recent">
            {closed.map((proposal) => (
              <li key={proposal.id}>
                <code>{proposal.service}</code> on {proposal.connection}{' '}
                <span class={`badge status-${proposal.status}`}>{proposal.status}</span>{' '}
                <span class="muted">
                  <time dateTime={proposal.created_at}>{formatTime(proposal.created_at)}</time>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </ViewSection>
  );
}
