import { useState } from 'preact/hooks';
import { apiFor } from '../api-client.ts';
import { ErrorNote } from '../components/basics.tsx';
import type { Identity } from '../types.ts';

/** The key is checked against GET /whoami before anything else: a refused key never gets further. */
export function SignIn({ onSignedIn }: { onSignedIn: (key: string, identity: Identity) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const trimmed = key.trim();
    if (trimmed === '') return;
    setBusy(true); setError(null);
    try {
      const identity = await apiFor(trimmed).get<Identity>('/whoami');
      onSignedIn(trimmed, identity);
    } catch (problem) {
      setError(problem instanceof Error ? problem : new Error(String(problem)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="sign-in card">
      <h1>Sign in</h1>
      <p>Paste an API key. It stays in this browser tab (session storage) and is sent only in the
        <code> authorization</code> header to this service.</p>
      <form onSubmit={submit}>
        <label for="api-key">API key</label>
        <input id="api-key" name="api-key" type="password" autocomplete="off" spellcheck={false}
          value={key} onInput={(event) => setKey((event.target as HTMLInputElement).value)} />
        <button type="submit" disabled={busy}>{busy ? 'Checking…' : 'Sign in'}</button>
      </form>
      <ErrorNote error={error} />
      <p class="muted">A sandbox server prints its sandbox key when it starts (<code>npm start</code>).</p>
    </div>
  );
}
