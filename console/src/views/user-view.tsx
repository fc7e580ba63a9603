import { useState } from 'preact/hooks';
import { enc, query, type Api } from '../api-client.ts';
import { ErrorNote, Loading, Section, StatusBadge, formatDate, formatNumber } from '../components/basics.tsx';
import { HistoryChart } from '../components/history-chart.tsx';
import { UploadPanel } from '../components/upload-panel.tsx';
import { scanHref } from '../router.ts';
import { useResource } from '../use-resource.ts';
import type { Page, Scan, User } from '../types.ts';

/** Every scan of the user, oldest first (GET /scans?userToken=, page after page). */
async function allScansOf(api: Api, token: string): Promise<Scan[]> {
  const scans: Scan[] = [];
  let cursor: string | null = null;
  // A bound on pages: the console shows a history, not an export.
  for (let page = 0; page < 20; page += 1) {
    const result: Page<Scan> = await api.get<Page<Scan>>(`/scans${query({ limit: 50, order: 'asc', userToken: token, cursor })}`);
    scans.push(...result.results);
    cursor = result.pageInfo.cursor;
    if (cursor === null) break;
  }
  return scans;
}

const stillMoving = (scans: Scan[]): number | null => scans.some((scan) => scan.status === 'PROCESSING') ? 2000 : null;

export function UserView({ api, token }: { api: Api; token: string }) {
  const user = useResource(() => api.get<User>(`/users/${enc(token)}`), [api, token]);
  const scans = useResource(() => allScansOf(api, token), [api, token], stillMoving);
  const [showAll, setShowAll] = useState(false);

  const newestFirst = scans.data ? [...scans.data].reverse() : [];
  const shown = showAll ? newestFirst : newestFirst.slice(0, 20);

  return (
    <div>
      <p class="crumbs"><a href="#/users">Users</a> / <span class="token">{token}</span></p>
      <h1>User <span class="token">{token}</span></h1>
      <ErrorNote error={user.error} />
      {user.data ? (
        <dl class="facts">
          <dt>Email</dt><dd>{user.data.email ?? '–'}</dd>
          <dt>Sex</dt><dd>{user.data.sex}</dd>
          <dt>Born</dt><dd>{user.data.birthDate}</dd>
          <dt>Height</dt><dd>{user.data.height.value} {user.data.height.unit}</dd>
          <dt>Weight</dt><dd>{user.data.weight.value} {user.data.weight.unit}</dd>
        </dl>
      ) : null}

      <div class="columns">
        <Section title="History" id="history">
          {scans.data ? <HistoryChart scans={scans.data} /> : <Loading what="history" />}
        </Section>
        <Section title="New scan" id="upload">
          <UploadPanel api={api} token={token} />
        </Section>
      </div>

      <Section title="Scans" id="scans">
        <ErrorNote error={scans.error} />
        {!scans.data ? <Loading what="scans" /> : newestFirst.length === 0 ? <p class="muted">No scans yet.</p> : (
          <table class="data" data-testid="scans-table">
            <caption class="visually-hidden">Scans of this user</caption>
            <thead><tr><th scope="col">Taken</th><th scope="col">Status</th><th scope="col">Weight</th><th scope="col">Body fat</th><th scope="col">Scan</th></tr></thead>
            <tbody>
              {shown.map((scan) => (
                <tr key={scan.id}>
                  <td>{formatDate(scan.createdAt)}</td>
                  <td><StatusBadge status={scan.status} /></td>
                  <td>{scan.weight.value} {scan.weight.unit}</td>
                  <td>{scan.bodyfat ? `${formatNumber(scan.bodyfat.bodyfatPercentage)} %` : '–'}</td>
                  <td><a href={scanHref(scan.id)}>Open scan {scan.id.slice(-8)}</a></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {newestFirst.length > shown.length ? <button type="button" onClick={() => setShowAll(true)}>Show all {newestFirst.length}</button> : null}
      </Section>
    </div>
  );
}
