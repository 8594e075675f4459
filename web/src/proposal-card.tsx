// One open proposal: what it would change, how long it stays open, and the buttons that decide it.
import { formatCountdown } from './countdown.ts';
import type { ProposalJson } from './types.ts';

/** An open proposal as a card; `nowMs` drives the countdown. */
export function ProposalCard(props: {
  proposal: ProposalJson;
  nowMs: number;
  onConfirm: (id: string) => void;
  onCancel: (id: string) => void;
}) {
  const { proposal } = props;
  const { id } = proposal;
  const hasData = Object.keys(proposal.data).length > 0;
  return (
    <article class="card proposal" aria-label={`Proposal ${id}`}>
      <header class="proposal-head">
        <h3>
          <code>{proposal.service}</code>
        </h3>
        <span class={`badge ${proposal.class}`}>{proposal.class}</span>
        {proposal.stale ? <span class="badge warning">Stale: the limits changed since</span> : null}
      </header>
      <p class="muted">
        on <strong>{proposal.connection}</strong> · proposal <code>{id}</code>
      </p>
      <ul class="entities">
        {proposal.entities.map((entity) => (
          <li key={entity.entity_id}>
            {entity.name} (<code>{entity.entity_id}</code>): {entity.state}
            {/* Only open proposals carry the state now; null when hearth could not read it. */}
            {entity.current_state === undefined || entity.current_state === null
              ? null
              : ` → now ${entity.current_state}`}
          </li>
        ))}
      </ul>
      {hasData ? <pre class="data">{JSON.stringify(proposal.data)}</pre> : null}
      <p class="countdown">
        <time dateTime={proposal.expires_at}>{formatCountdown(proposal.expires_at, props.nowMs)}</time>
      </p>
      <div class="actions">
        <button type="button" aria-label={`Confirm ${id}`} onClick={() => props.onConfirm(id)}>
          Confirm
        </button>
        <button type="button" class="secondary" aria-label={`Cancel ${id}`} onClick={() => props.onCancel(id)}>
          Cancel
        </button>
      </div>
    </article>
  );
}
