import type { Scan } from '../types.ts';
import { siteLabel } from '../units.ts';
import { Section } from './basics.tsx';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nested diagnostics as a definition list: whatever `bodyFit` holds, shown without interpretation. */
function Tree({ value }: { value: unknown }) {
  if (!isRecord(value)) return <>{typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : JSON.stringify(value)}</>;
  return (
    <dl class="tree">
      {Object.entries(value).map(([field, inner]) => <><dt key={`${field}-t`}>{field}</dt><dd key={`${field}-d`}><Tree value={inner} /></dd></>)}
    </dl>
  );
}

/** For support: the body model's fit error per site and the fit's residual and coverage (`bodyFit`). */
export function DiagnosticsPanel({ scan }: { scan: Scan }) {
  const fitError = scan.fitErrorMm ?? null;
  return (
    <Section title="Diagnostics" id="diagnostics">
      <h3>Body fit</h3>
      {scan.bodyFit ? <div data-testid="body-fit"><Tree value={scan.bodyFit} /></div>
        : <p class="muted">No body model was fitted to a point cloud for this scan (bodyFit is null).</p>}
      <h3>Fit error per site</h3>
      {fitError ? (
        <table class="data compact" data-testid="fit-error">
          <caption class="visually-hidden">Model girth minus measured girth per site, mm</caption>
          <thead><tr><th scope="col">Site</th><th scope="col" class="num">Model − measured (mm)</th></tr></thead>
          <tbody>
            {Object.entries(fitError).sort(([a], [b]) => a.localeCompare(b)).map(([site, mm]) => (
              <tr key={site}><th scope="row">{siteLabel(site)}</th><td class="num">{mm.toFixed(1)}</td></tr>
            ))}
          </tbody>
        </table>
      ) : <p class="muted">No fit error: the body was not fitted.</p>}
    </Section>
  );
}
