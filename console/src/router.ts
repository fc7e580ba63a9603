import { useEffect, useState } from 'preact/hooks';

// Hash routes (#/users, #/users/<token>, #/scans/<id>): the server serves one page at /console.
export type Route =
  | { view: 'users'; search: string }
  | { view: 'user'; token: string }
  | { view: 'scan'; scanId: string };

export function parseRoute(hash: string): Route {
  const [path, queryText = ''] = hash.replace(/^#/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'users' && parts.length === 2) return { view: 'user', token: parts[1] };
  if (parts[0] === 'scans' && parts.length === 2) return { view: 'scan', scanId: parts[1] };
  return { view: 'users', search: new URLSearchParams(queryText).get('q') ?? '' };
}

export const userHref = (token: string): string => `#/users/${encodeURIComponent(token)}`;
export const scanHref = (scanId: string): string => `#/scans/${encodeURIComponent(scanId)}`;

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = (): void => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}
