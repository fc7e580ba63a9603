import { useState } from 'preact/hooks';
import { enc, type Api } from '../api-client.ts';
import { siteLabel } from '../units.ts';
import { useResource } from '../use-resource.ts';
import { BODYFAT_METHODS, type Bodyfat } from '../types.ts';
import { ErrorNote, Loading, Section, formatNumber } from './basics.tsx';

const LABELS: Record<string, string> = {
  bodyfatPercentage: 'Body fat (%)', leanMassPercentage: 'Lean mass (%)', fatMass: 'Fat mass (kg)', leanMass: 'Lean mass (kg)',
  vatPercentage: 'Visceral fat (%)', vatMass: 'Visceral fat (kg)', appendicularLeanMassPercentage: 'Appendicular lean mass (%)',
  appendicularLeanMass: 'Appendicular lean mass (kg)', skeletalMuscleMassPercentage: 'Skeletal muscle (%)', skeletalMuscleMass: 'Skeletal muscle (kg)',
};

/** Body composition by the scan's method; choosing another method PATCHes the scan. */
export function BodyfatPanel({ api, scanId, initialMethod }: { api: Api; scanId: string; initialMethod: string }) {
  const bodyfat = useResource(() => api.get<Bodyfat>(`/scans/${enc(scanId)}/bodyfat`), [api, scanId]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const method = bodyfat.data?.bodyfatMethod ?? initialMethod;

  const change = async (next: string): Promise<void> => {
    setSaving(true); setError(null);
    try {
      bodyfat.set(await api.patch<Bodyfat>(`/scans/${enc(scanId)}/bodyfat`, { bodyfatMethod: next }));
    } catch (problem) {
      setError(problem instanceof Error ? problem : new Error(String(problem)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section title="Body composition" id="bodyfat">
      <label for="bodyfat-method">Method</label>{' '}
      <select id="bodyfat-method" value={method} disabled={saving} onChange={(event) => void change((event.target as HTMLSelectElement).value)}>
        {BODYFAT_METHODS.map((name) => <option key={name} value={name}>{name}</option>)}
      </select>
      {saving ? <span class="muted" aria-live="polite"> saving…</span> : null}
      <ErrorNote error={error ?? bodyfat.error} />
      {!bodyfat.data ? <Loading what="body composition" /> : (
        <table class="data compact" data-testid="bodyfat-table" data-method={bodyfat.data.bodyfatMethod}>
          <caption class="visually-hidden">Body composition by {bodyfat.data.bodyfatMethod}</caption>
          <tbody>
            {Object.entries(bodyfat.data).filter(([field]) => field !== 'bodyfatMethod').map(([field, value]) => (
              <tr key={field} data-field={field}><th scope="row">{LABELS[field] ?? siteLabel(field)}</th><td class="num">{typeof value === 'number' ? formatNumber(value) : '–'}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
