import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { apiFor, type Api } from './api-client.ts';
import { storeKey, storedKey } from './session.ts';
import { useRoute } from './router.ts';
import type { Identity } from './types.ts';
import { SignIn } from './views/sign-in.tsx';
import { UsersView } from './views/users-view.tsx';
import { UserView } from './views/user-view.tsx';
import { ScanView } from './views/scan-view.tsx';
import './styles.css';

function Header({ identity, onSignOut }: { identity: Identity | null; onSignOut: () => void }) {
  return (
    <header class="top">
      <a class="brand" href="#/users">bodyscan console</a>
      {identity ? (
        <div class="who" data-testid="identity">
          <span>partner <strong>{identity.partner}</strong></span>
          <span class={`env env-${identity.environment}`}>{identity.environment}</span>
          <button type="button" class="link-button" onClick={onSignOut}>Sign out</button>
        </div>
      ) : null}
    </header>
  );
}

function App() {
  const [session, setSession] = useState<{ api: Api; identity: Identity } | null>(null);
  const [restoring, setRestoring] = useState(() => storedKey() !== null);
  const route = useRoute();

  // A key kept in this tab's sessionStorage signs in again after a reload.
  useEffect(() => {
    const key = storedKey();
    if (key === null) return;
    const api = apiFor(key);
    api.get<Identity>('/whoami').then(
      (identity) => { setSession({ api, identity }); setRestoring(false); },
      () => { storeKey(null); setRestoring(false); },
    );
  }, []);

  const signOut = (): void => { storeKey(null); setSession(null); location.hash = '#/users'; };

  let body;
  if (restoring) body = <p class="muted">Signing in…</p>;
  else if (!session) body = <SignIn onSignedIn={(key, identity) => { storeKey(key); setSession({ api: apiFor(key), identity }); }} />;
  else if (route.view === 'user') body = <UserView api={session.api} token={route.token} />;
  else if (route.view === 'scan') body = <ScanView api={session.api} scanId={route.scanId} />;
  else body = <UsersView api={session.api} search={route.search} />;

  return (
    <>
      <Header identity={session?.identity ?? null} onSignOut={signOut} />
      <main id="main">{body}</main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
