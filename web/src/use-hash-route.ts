// The view named by the address's hash (#/connections, …), following the browser's back and forward.
import { useEffect, useState } from 'preact/hooks';

/** Every view of the page, in the order of the navigation. */
export const VIEWS = [
  { route: 'connections', label: 'Connections' },
  { route: 'limits', label: 'Limits' },
  { route: 'proposals', label: 'Proposals' },
  { route: 'journal', label: 'Journal' },
  { route: 'chat', label: 'Chat' },
  { route: 'playground', label: 'Playground' },
] as const;

/** The name of one view. */
export type ViewRoute = (typeof VIEWS)[number]['route'];

/** The view shown when the hash names none. */
export const DEFAULT_ROUTE: ViewRoute = 'playground';

/** The view a hash such as "#/limits" names, or the default one. */
export function routeOf(hash: string): ViewRoute {
  const name = hash.replace(/^#\/?/, '');
  return VIEWS.find((view) => view.route === name)?.route ?? DEFAULT_ROUTE;
}

/** The current view, updated on every hash change. */
export function useHashRoute(): ViewRoute {
  const [route, setRoute] = useState(() => routeOf(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(routeOf(location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
