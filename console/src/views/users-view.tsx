import { useState } from 'preact/hooks';
import { query, type Api } from '../api-client.ts';
import { ErrorNote, Loading } from '../components/basics.tsx';
import { userHref } from '../router.ts';
import { useResource } from '../use-resource.ts';
import type { Page, User } from '../types.ts';

const PAGE_SIZE = 20;

/** The partner's users, newest first, a page at a time; the search matches part of a token. */
export function UsersView({ api, search }: { api: Api; search: string }) {
  // The cursors of the pages before this one, so "Previous" can go back.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [draft, setDraft] = useState(search);
  const cursor = cursors[cursors.length - 1];
  const page = useResource(
    () => api.get<Page<User>>(`/users${query({ limit: PAGE_SIZE, cursor, tokenContains: search })}`),
    [api, search, cursor],
  );

  const submit = (event: Event): void => {
    event.preventDefault();
    setCursors([null]);
    location.hash = `#/users${query({ q: draft.trim() })}`;
  };

  return (
    <div>
      <h1>Users</h1>
      <form class="search" role="search" onSubmit={submit}>
        <label for="token-search">Search by token</label>
        <input id="token-search" type="search" value={draft} onInput={(event) => setDraft((event.target as HTMLInputElement).value)} />
        <button type="submit">Search</button>
      </form>
      <ErrorNote error={page.error} />
      {page.loading && !page.data ? <Loading what="users" /> : null}
      {page.data ? (
        page.data.results.length === 0 ? <p class="muted">No users{search ? ` whose token contains “${search}”` : ''}.</p> : (
          <table class="data" data-testid="users-table">
            <caption class="visually-hidden">Users</caption>
            <thead><tr><th scope="col">Token</th><th scope="col">Email</th><th scope="col">Sex</th><th scope="col">Height</th><th scope="col">Weight</th></tr></thead>
            <tbody>
              {page.data.results.map((user) => (
                <tr key={user.id}>
                  <td><a href={userHref(user.token)} class="token">{user.token}</a></td>
                  <td>{user.email ?? '–'}</td>
                  <td>{user.sex}</td>
                  <td>{user.height.value} {user.height.unit}</td>
                  <td>{user.weight.value} {user.weight.unit}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
      <nav class="pager" aria-label="Pages of users">
        <button type="button" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>Previous</button>
        <span class="muted">page {cursors.length}</span>
        <button type="button" disabled={!page.data?.pageInfo.cursor} onClick={() => setCursors([...cursors, page.data!.pageInfo.cursor])}>Next</button>
      </nav>
    </div>
  );
}
