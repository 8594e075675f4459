// The page: header with the views and the keys' form, the current view, and the footer with the version.
import { useEffect, useRef, useState } from 'preact/hooks';
import { AccessKeyForm } from './access-key-form.tsx';
import { request } from './api.ts';
import { ChatView } from './chat-view.tsx';
import { ConnectionsView } from './connections-view.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { JournalView } from './journal-view.tsx';
import { LimitsView } from './limits-view.tsx';
import { PlaygroundView } from './playground-view.tsx';
import { ProposalsView } from './proposals-view.tsx';
import type { StatusResponse } from './types.ts';
import { useHashRoute, VIEWS, type ViewRoute } from './use-hash-route.ts';
import { type Resource, useResource } from './use-resource.ts';

/** The whole page. */
export function App() {
  const route = useHashRoute();
  const status = useResource(() => request<StatusResponse>('GET', '/ui/status'));
  // Bumped when the key changes, so the open view mounts again and loads with the new key.
  const [keyVersion, setKeyVersion] = useState(0);
  const onKeyChange = () => {
    setKeyVersion((version) => version + 1);
    void status.reload();
  };
  useFocusOnViewChange(route);

  return (
    <>
      <button type="button" class="skip-link" onClick={skipToView}>
        Skip to the view
      </button>
      <header class="masthead">
        <h1 class="brand">hearth</h1>
        <nav aria-label="Views">
          <ul>
            {VIEWS.map((view) => (
              <li key={view.route}>
                <a href={`#/${view.route}`} aria-current={view.route === route ? 'page' : undefined}>
                  {view.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <AccessKeyForm isKeyless={status.data?.keyless_loopback === true} onChange={onKeyChange} />
      </header>
      {/* The chat shows the status's error itself: it is what stops the view. */}
      {route === 'chat' ? null : <ErrorAlert error={status.error} keyNeed="page" />}
      <main id="view">
        <CurrentView key={`${route}-${keyVersion}`} route={route} status={status} />
      </main>
      <footer class="footer">{status.data ? `hearth ${status.data.version}` : 'hearth'}</footer>
    </>
  );
}

function CurrentView({ route, status }: { route: ViewRoute; status: Resource<StatusResponse> }) {
  switch (route) {
    case 'connections':
      return <ConnectionsView />;
    case 'limits':
      return <LimitsView />;
    case 'proposals':
      return <ProposalsView />;
    case 'journal':
      return <JournalView />;
    case 'chat':
      return <ChatView status={status.data} statusError={status.error} />;
    case 'playground':
      return <PlaygroundView status={status.data} />;
  }
}

// A button, not a "#view" link: the hash is the route here. It moves focus to the view's heading.
function skipToView() {
  document.querySelector<HTMLElement>('main h2')?.focus();
}

// After a view change (not on the first load), move focus to the new view's heading, as a page load would.
function useFocusOnViewChange(route: ViewRoute) {
  const isFirst = useRef(true);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    document.querySelector<HTMLElement>('main h2')?.focus();
  }, [route]);
}
