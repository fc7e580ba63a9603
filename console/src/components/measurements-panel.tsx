import { useState } from 'preact/hooks';
import { enc, type Api, type UnitSystem } from '../api-client.ts';
import { measurementDisplay, siteLabel } from '../units.ts';
import { useResource } from '../use-resource.ts';
import type { Measurements } from '../types.ts';
import { ErrorNote, Loading, Section } from './basics.tsx';

export function UnitSwitch({ system, onChange, name }: { system: UnitSystem; onChange: (system: UnitSystem) => void; name: string }) {
  return (
    <fieldset class="inline">
      <legend>Units</legend>
      <label><input type="radio" name={name} checked={system === 'metric'} onChange={() => onChange('metric')} /> Metric</label>
      <label><input type="radio" name={name} checked={system === 'imperial'} onChange={() => onChange('imperial')} /> Imperial</label>
    </fieldset>
  );
}

/** GET /scans/{id}/measurements in the chosen unit system (the service converts). */
export function MeasurementsPanel({ api, scanId }: { api: Api; scanId: string }) {
  const [system, setSystem] = useState<UnitSystem>('metric');
  // The values travel with their unit system: while the other system loads, the old values keep their units.
  const measurements = useResource(
    async () => ({ system, values: await api.get<Measurements>(`/scans/${enc(scanId)}/measurements?unit-system=${system}`) }),
    [api, scanId, system],
  );
  return (
    <Section title="Measurements" id="measurements">
      <UnitSwitch system={system} onChange={setSystem} name="measurement-units" />
      <ErrorNote error={measurements.error} />
      {!measurements.data ? <Loading what="measurements" /> : (
        <table class="data compact" data-testid="measurements-table" data-unit-system={measurements.data.system}>
          <caption class="visually-hidden">Measurements</caption>
          <thead><tr><th scope="col">Site</th><th scope="col" class="num">Value</th><th scope="col">Unit</th></tr></thead>
          <tbody>
            {Object.entries(measurements.data.values).map(([field, value]) => {
              const shown = measurementDisplay(field, value, measurements.data!.system);
              return <tr key={field} data-field={field}><th scope="row">{siteLabel(field)}</th><td class="num">{shown.text}</td><td>{shown.unit}</td></tr>;
            })}
          </tbody>
        </table>
      )}
    </Section>
  );
}
