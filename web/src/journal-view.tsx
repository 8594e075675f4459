// The Journal view: the recent calls hearth sent to Home Assistant and what became of each.
import { ErrorAlert } from './error-alert.tsx';
import { formatTime } from './format-time.ts';
import { request } from './api.ts';
import type { JournalResponse, OperationJson } from './types.ts';
import { useResource } from './use-resource.ts';
import { ViewSection } from './view-section.tsx';

// "done" is the journal's word; a person reads "sent".
const OUTCOME_WORDS: Record<OperationJson['state'], string> = {
  done: 'sent',
  failed: 'failed',
  unknown: 'unknown',
  sending: 'sending',
};

/** The Journal view (admin key). */
export function JournalView() {
  const journal = useResource(() => request<JournalResponse>('GET', '/admin/journal?limit=50'));
  const operations = journal.data?.operations ?? [];
  return (
    <ViewSection title="Journal">
      <div class="toolbar">
        <p class="lead">Every call is written here before it is sent, and sent at most once.</p>
        <button type="button" class="secondary" onClick={() => void journal.reload()}>
          Refresh
        </button>
      </div>
      <ErrorAlert error={journal.error} keyNeed="admin" />
      {journal.data && operations.length === 0 ? <p class="muted">No call was sent yet.</p> : null}
      {operations.length > 0 ? (
        <div class="table-wrap">
          <table class="cards-on-phone">
            <caption class="visually-hidden">Recent calls to Home Assistant</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Connection</th>
                <th scope="col">Service</th>
                <th scope="col">Entities</th>
                <th scope="col">Outcome</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {operations.map((operation) => (
                <tr key={operation.operation_id}>
                  <td class="nowrap" data-label="Time">
                    <time dateTime={operation.created_at}>{formatTime(operation.created_at)}</time>
                  </td>
                  <td data-label="Connection">{operation.connection}</td>
                  <td data-label="Service">
                    <code>{operation.service}</code>
                  </td>
                  <td data-label="Entities">{operation.entity_ids.join(', ')}</td>
                  <td data-label="Outcome">
                    <span class={`badge outcome-${operation.state}`}>
                      {OUTCOME_WORDS[operation.state] ?? operation.state}
                    </span>
                  </td>
                  <td data-label="Detail">{operation.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </ViewSection>
  );
}
