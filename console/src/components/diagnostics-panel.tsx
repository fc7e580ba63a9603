import type { Scan } from '../types.ts';
import { siteLabel } from '../units.ts';
import { Section, formatNumber } from './basics.tsx';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const numbersOf = (value: unknown): Record<string, number> => (isRecord(value)
  ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'))
  : {});

/** Fields the panel lays out itself; anything else `bodyFit` holds is listed as it comes. */
const KNOWN_FIT_FIELDS = new Set(['residualRmsMm', 'coverage', 'partResidualRmsMm', 'siteObservedFraction']);

function Tree({ value }: { value: unknown }) {
  if (!isRecord(value)) return <>{typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : JSON.stringify(value)}</>;
  return (
    <dl class="tree">
      {Object.entries(value).map(([field, inner]) => <><dt key={`${field}-t`}>{field}</dt><dd key={`${field}-d`}><Tree value={inner} /></dd></>)}
    </dl>
  );
}

/**
 * For support: how well the body model fitted the capture (`bodyFit`: residual, coverage, residual
 * per body part, the share of each tape over observed surface) and the fit error per site
 * (`fitErrorMm`: model girth minus measured girth).
 */
export function DiagnosticsPanel({ scan }: { scan: Scan }) {
  const fitError = scan.fitErrorMm ?? {};
  const fit = scan.bodyFit ?? null;
  const parts = numbersOf(fit?.partResidualRmsMm);
  const observed = numbersOf(fit?.siteObservedFraction);
  const sites = [...new Set([...Object.keys(fitError), ...Object.keys(observed)])].sort((a, b) => a.localeCompare(b));
  const others = fit ? Object.fromEntries(Object.entries(fit).filter(([field]) => !KNOWN_FIT_FIELDS.has(field))) : {};

  return (
    <Section title="Diagnostics" id="diagnostics">
      {fit ? (
        <div data-testid="body-fit">
          <dl class="facts">
            <dt>Fit residual (RMS)</dt><dd>{formatNumber(fit.residualRmsMm as number, 2)} mm</dd>
            <dt>Coverage</dt><dd>{formatNumber((fit.coverage as number) * 100, 0)} % of the model's surface observed</dd>
          </dl>
          {Object.keys(parts).length > 0 ? (
            <table class="data compact parts">
              <caption>Residual per body part (RMS, mm)</caption>
              <tbody class="part-grid">
                {Object.entries(parts).map(([part, mm]) => <tr key={part}><th scope="row">{siteLabel(part)}</th><td class="num">{formatNumber(mm, 2)}</td></tr>)}
              </tbody>
            </table>
          ) : null}
          {Object.keys(others).length > 0 ? <Tree value={others} /> : null}
        </div>
      ) : <p class="muted">No body model was fitted to a point cloud for this scan (<code>bodyFit</code> is null).</p>}
      {sites.length > 0 ? (
        <table class="data compact" data-testid="fit-error">
          <caption>Per measurement site</caption>
          <thead><tr><th scope="col">Site</th><th scope="col" class="num">Model − measured girth (mm)</th><th scope="col" class="num">Tape over observed surface</th></tr></thead>
          <tbody>
            {sites.map((site) => (
              <tr key={site}>
                <th scope="row">{siteLabel(site)}</th>
                <td class="num">{formatNumber(fitError[site])}</td>
                <td class="num">{site in observed ? `${formatNumber(observed[site] * 100, 0)} %` : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p class="muted">No fit error: the body was not fitted.</p>}
    </Section>
  );
}
