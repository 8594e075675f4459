// The Connections view: the saved Home Assistant connections, their switches and tests, and the form to add one.
import { useState } from 'preact/hooks';
import { type ApiError, request, toApiError } from './api.ts';
import { ConnectionForm } from './connection-form.tsx';
import { ConnectionRow, type TestResult } from './connection-row.tsx';
import { ErrorAlert } from './error-alert.tsx';
import type {
  ConnectionUpdateRequest,
  ConnectionsResponse,
  ConnectionUpdateResponse,
  ConnectionTestResponse,
} from './types.ts';
import { useResource } from './use-resource.ts';
import { ViewSection } from './view-section.tsx';

/** The Connections view (admin key). */
export function ConnectionsView() {
  const list = useResource(() => request<ConnectionsResponse>('GET', '/admin/connections'));
  const [tests, setTests] = useState<Record<string, TestResult>>({});
  const [actionError, setActionError] = useState<ApiError | null>(null);

  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
      setActionError(null);
    } catch (caught) {
      setActionError(toApiError(caught));
    }
  };
  const runTest = async (name: string) => {
    setTests((previous) => ({ ...previous, [name]: { kind: 'testing' } }));
    let result: TestResult;
    try {
      const reply = await request<ConnectionTestResponse>(
        'POST',
        `/admin/connections/${encodeURIComponent(name)}/test`,
      );
      result = reply.ok
        ? { kind: 'done', isOk: true, text: `Home Assistant ${reply.version}` }
        : { kind: 'done', isOk: false, text: reply.reason };
    } catch (caught) {
      result = { kind: 'done', isOk: false, text: toApiError(caught).message };
    }
    setTests((previous) => ({ ...previous, [name]: result }));
  };
  const change = (name: string, body: ConnectionUpdateRequest) =>
    act(async () => {
      await request<ConnectionUpdateResponse>('PATCH', `/admin/connections/${encodeURIComponent(name)}`, body);
      await list.reload();
    });
  const remove = (name: string) => {
    if (!confirm(`Remove the connection ${name}? hearth forgets its token.`)) return;
    void act(async () => {
      await request<void>('DELETE', `/admin/connections/${encodeURIComponent(name)}`);
      await list.reload();
    });
  };
  const added = async (name: string) => {
    await list.reload();
    await runTest(name);
  };

  const connections = list.data?.connections ?? [];
  return (
    <ViewSection title="Connections">
      <ErrorAlert error={list.error ?? actionError} keyNeed="admin" />
      {list.data && connections.length === 0 ? <p class="muted">No Home Assistant connection yet.</p> : null}
      {connections.length > 0 ? (
        <div class="table-wrap">
          <table class="cards-on-phone">
            <caption class="visually-hidden">Saved Home Assistant connections</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Address</th>
                <th scope="col">Certificate</th>
                <th scope="col">Enabled</th>
                <th scope="col">Write mode</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {connections.map((connection) => (
                <ConnectionRow
                  key={connection.name}
                  connection={connection}
                  test={tests[connection.name]}
                  onChange={change}
                  onTest={runTest}
                  onRemove={remove}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ConnectionForm onAdded={added} />
    </ViewSection>
  );
}
