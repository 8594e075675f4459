// The Proposals view: changes waiting for a person's yes, polled while the view is open, and the recent ones.
import { useRef, useState } from 'preact/hooks';
import { type ApiError, listProposals, request, toApiError } from './api.ts';
import { describeOutcome } from './confirm-outcome.ts';
import { ErrorAlert } from './error-alert.tsx';
import { ProposalCard } from './proposal-card.tsx';
import { ProposalHistory } from './proposal-history.tsx';
import type { ConfirmResponse, CancelResponse } from './types.ts';
import { useInterval } from './use-interval.ts';
import { useResource } from './use-resource.ts';
import { ViewSection } from './view-section.tsx';

const POLL_MS = 2000;

/** Open proposals polled at first, and added by each "Show more"; the server's largest page is 100. */
const OPEN_PAGE = 20;
const OPEN_MAX = 100;

/** The Proposals view (admin key). */
export function ProposalsView() {
  // Only the open ones are polled, and only as many as are shown: each poll reads their entities' current states.
  // A ref, read when a request starts: "Show more" reloads at once with the larger page.
  const openLimit = useRef(OPEN_PAGE);
  const list = useResource(() => listProposals({ status: 'open', limit: openLimit.current }));
  const [decisions, setDecisions] = useState(0);
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState<ApiError | null>(null);
  useInterval(() => void list.reload(), POLL_MS);
  useInterval(() => setNowMs(Date.now()), 1000);

  const decide = async (id: string, action: 'confirm' | 'cancel') => {
    setNotice('');
    try {
      const path = `/admin/proposals/${encodeURIComponent(id)}/${action}`;
      if (action === 'confirm') setNotice(describeOutcome(await request<ConfirmResponse>('POST', path)));
      else {
        await request<CancelResponse>('POST', path);
        setNotice(`Cancelled ${id}.`);
      }
      setActionError(null);
    } catch (caught) {
      setActionError(toApiError(caught));
    }
    setDecisions((count) => count + 1);
    await list.reload();
  };

  const open = list.data?.proposals ?? [];
  const hasMore = list.data?.next != null;
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
      {hasMore && openLimit.current < OPEN_MAX ? (
        <button
          type="button"
          class="secondary"
          onClick={() => {
            openLimit.current = Math.min(openLimit.current + OPEN_PAGE, OPEN_MAX);
            void list.reload();
          }}
        >
          Show more waiting
        </button>
      ) : null}
      {hasMore && openLimit.current >= OPEN_MAX ? (
        <p class="muted">More than {OPEN_MAX} are waiting: confirm or cancel these to see the others.</p>
      ) : null}
      <ProposalHistory version={decisions} />
    </ViewSection>
  );
}
