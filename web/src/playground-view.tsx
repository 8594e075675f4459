// The HA-Assist playground: run one sentence against a home and see how it was answered, with recent timings.
import { useId, useState } from 'preact/hooks';
import { type ApiError, request, toApiError } from './api.ts';
import { ErrorAlert } from './error-alert.tsx';
import { PlaygroundResult } from './playground-result.tsx';
import { RouteChart } from './route-chart.tsx';
import type { PlaygroundRequest, PlaygroundResponse, RecentResponse, StatusResponse } from './types.ts';
import { useInterval } from './use-interval.ts';
import { useResource } from './use-resource.ts';
import { ViewSection } from './view-section.tsx';

const RECENT_POLL_MS = 5000;

/** The Playground view; its homes come from the status (the demo home when the status is unknown). */
export function PlaygroundView({ status }: { status: StatusResponse | null }) {
  const recent = useResource(() => request<RecentResponse>('GET', '/ui/assist/recent'));
  useInterval(() => void recent.reload(), RECENT_POLL_MS);
  const [result, setResult] = useState<PlaygroundResponse | null>(null);

  return (
    <ViewSection title="HA-Assist playground">
      <p class="lead">Say something to HA-Assist and see which route answered it, and why.</p>
      <RunForm
        homes={status?.homes ?? ['demo']}
        onResult={(next) => {
          setResult(next);
          void recent.reload();
        }}
      />
      {result ? <PlaygroundResult result={result} /> : null}
      <h3>Recent HA-Assist requests</h3>
      <ErrorAlert error={recent.error} keyNeed="api" />
      {recent.data ? <RouteChart requests={recent.data.requests} /> : null}
    </ViewSection>
  );
}

function RunForm({ homes, onResult }: { homes: string[]; onResult: (result: PlaygroundResponse) => void }) {
  const id = useId();
  const [sentence, setSentence] = useState('');
  const [home, setHome] = useState(homes[0] ?? 'demo');
  const [error, setError] = useState<ApiError | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  // The homes come with the status, which may answer after the form is shown.
  const selected = homes.includes(home) ? home : (homes[0] ?? 'demo');

  const run = async (event: Event) => {
    event.preventDefault();
    setIsRunning(true);
    try {
      const body: PlaygroundRequest = { sentence, home: selected };
      onResult(await request<PlaygroundResponse>('POST', '/ui/playground', body));
      setError(null);
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setIsRunning(false);
    }
  };

  return (
    <form class="card inline-form" onSubmit={run}>
      <div class="field grow">
        <label for={`${id}-sentence`}>Sentence</label>
        <input
          id={`${id}-sentence`}
          autocomplete="off"
          placeholder="turn on the kitchen light"
          value={sentence}
          onInput={(event) => setSentence(event.currentTarget.value)}
        />
      </div>
      <div class="field">
        <label for={`${id}-home`}>Home</label>
        <select id={`${id}-home`} value={selected} onChange={(event) => setHome(event.currentTarget.value)}>
          {homes.map((name) => (
            <option key={name} value={name}>
              {name === 'demo' ? 'Demo home' : name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={isRunning}>
        Run
      </button>
      <ErrorAlert error={error} keyNeed="api" />
    </form>
  );
}
