import { enc, type Api } from '../api-client.ts';
import { ErrorNote, Loading, Section, StatusBadge, formatDate } from '../components/basics.tsx';
import { BodyPanel } from '../components/body-panel.tsx';
import { BodyfatPanel } from '../components/bodyfat-panel.tsx';
import { DiagnosticsPanel } from '../components/diagnostics-panel.tsx';
import { HealthReportPanel } from '../components/health-report-panel.tsx';
import { MeasurementsPanel } from '../components/measurements-panel.tsx';
import { PredictionsPanel } from '../components/predictions-panel.tsx';
import { userHref } from '../router.ts';
import { useResource } from '../use-resource.ts';
import { STAGES, type Scan } from '../types.ts';

const STAGE_NAMES: Record<(typeof STAGES)[number], string> = {
  captureData: 'Capture read', body: 'Body surface', fittedBody: 'Body model fitted', measurement: 'Measured',
};

// Poll while the scan can still change: once a second, as the CLI's demo does.
const pollWhileProcessing = (scan: Scan): number | null => (scan.status === 'PROCESSING' || scan.status === 'CREATED' ? 1000 : null);

export function ScanView({ api, scanId }: { api: Api; scanId: string }) {
  const scan = useResource(() => api.get<Scan>(`/scans/${enc(scanId)}`), [api, scanId], pollWhileProcessing);
  const data = scan.data;

  return (
    <div>
      {data ? <p class="crumbs"><a href="#/users">Users</a> / <a href={userHref(data.userToken)} class="token">{data.userToken}</a> / scan</p> : null}
      <h1>Scan <code class="id">{scanId}</code></h1>
      <ErrorNote error={scan.error} />
      {!data ? <Loading what="the scan" /> : (
        <>
          <Section title="Status" id="status">
            <p>Status: <StatusBadge status={data.status} /> <span class="muted">taken {formatDate(data.createdAt)}, weight {data.weight.value} {data.weight.unit}, height {data.height.value} {data.height.unit}</span></p>
            <ol class="stages" data-testid="stages">
              {STAGES.map((stage) => (
                <li key={stage} data-stage={stage} data-state={data.scanAssets[stage] ?? 'waiting'}>
                  <span class={`stage-dot stage-${data.scanAssets[stage] ?? 'waiting'}`} aria-hidden="true" />
                  {STAGE_NAMES[stage]}: <strong>{data.scanAssets[stage] ?? 'waiting'}</strong>
                </li>
              ))}
            </ol>
            {data.status === 'CREATED' ? <p class="muted">Waiting for the capture upload.</p> : null}
            {data.failure ? (
              <div class="failure" role="alert" data-testid="failure">
                <p><strong>Processing failed:</strong> <code>{data.failure.code}</code></p>
                <p>{data.failure.message}</p>
              </div>
            ) : null}
          </Section>
          {data.status === 'READY' ? (
            <>
              <BodyPanel api={api} scanId={data.id} />
              <div class="columns">
                <MeasurementsPanel api={api} scanId={data.id} />
                <BodyfatPanel api={api} scanId={data.id} initialMethod={data.bodyfatMethod} />
              </div>
              <HealthReportPanel api={api} scanId={data.id} />
              <PredictionsPanel api={api} scan={data} />
              <DiagnosticsPanel scan={data} />
            </>
          ) : data.status === 'FAILED' ? <DiagnosticsPanel scan={data} /> : null}
        </>
      )}
    </div>
  );
}
