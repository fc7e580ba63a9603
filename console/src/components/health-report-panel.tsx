import { enc, type Api } from '../api-client.ts';
import { siteLabel } from '../units.ts';
import { useResource } from '../use-resource.ts';
import { ErrorNote, Loading, Section } from './basics.tsx';

type Report = Record<string, unknown>;
interface Label { group?: string | null; source?: string; groups?: { name: string; min: number | null; max: number | null }[] }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The report's plain numbers and strings (nested labels, percentiles and sources shown apart). */
function plainFields(section: Record<string, unknown>): [string, string][] {
  return Object.entries(section)
    .filter(([field, value]) => (typeof value === 'number' || typeof value === 'string') && !['source', 'definition', 'unit', 'equation', 'edges'].includes(field))
    .map(([field, value]): [string, string] => [field, typeof value === 'number' ? String(Math.round(value * 100) / 100) : String(value)]);
}

const bound = (value: number | null): string => (value === null ? '…' : String(Math.round(value * 100) / 100));

function Band({ label }: { label: Label }) {
  if (!label.groups) return null;
  return (
    <ol class="bands" aria-label="bands">
      {label.groups.map((group) => (
        <li key={group.name} class={group.name === label.group ? 'band current' : 'band'} aria-current={group.name === label.group ? 'true' : undefined}>
          {group.name}
          <span class="muted small"> {bound(group.min)}–{bound(group.max)}</span>
        </li>
      ))}
    </ol>
  );
}

/** Every `…Report` section of GET /scans/{id}/health-report: its values, its band and where it comes from. */
export function HealthReportPanel({ api, scanId }: { api: Api; scanId: string }) {
  const report = useResource(() => api.get<Report>(`/scans/${enc(scanId)}/health-report`), [api, scanId]);
  return (
    <Section title="Health report" id="health-report">
      <ErrorNote error={report.error} />
      {!report.data ? <Loading what="the health report" /> : (
        <div class="report-grid" data-testid="health-report">
          {Object.entries(report.data).filter(([name, section]) => name.endsWith('Report') && isRecord(section)).map(([name, raw]) => {
            const section = raw as Record<string, unknown>;
            const label = (section.healthLabel ?? section.label) as Label | undefined;
            const percentile = isRecord(section.percentile) ? section.percentile : null;
            const unit = typeof section.unit === 'string' ? section.unit : '';
            // The section's unit belongs to its headline value (bodyFatPercentageReport -> bodyFatPercentage), not to indices beside it.
            const primary = name.replace(/Report$/, '');
            return (
              <article key={name} class="report" data-section={name}>
                <h3>{siteLabel(name.replace(/Report$/, ''))}</h3>
                <dl class="facts">
                  {plainFields(section).map(([field, value]) => <><dt key={`${field}-t`}>{siteLabel(field)}</dt><dd key={`${field}-d`}>{value}{field === primary && unit !== 'ratio' && unit !== '' ? ` ${unit}` : ''}</dd></>)}
                  {percentile && typeof percentile.percentile === 'number' ? <><dt>Percentile</dt><dd>{Math.round(percentile.percentile)}</dd></> : null}
                </dl>
                {label ? <><p>Band: <strong>{label.group ?? '–'}</strong></p><Band label={label} /></> : null}
                {typeof label?.source === 'string' ? <p class="muted small">{label.source}</p> : typeof section.source === 'string' ? <p class="muted small">{section.source}</p> : null}
              </article>
            );
          })}
        </div>
      )}
    </Section>
  );
}
