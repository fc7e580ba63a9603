import { useState } from 'preact/hooks';
import { enc, type Api } from '../api-client.ts';
import { useResource } from '../use-resource.ts';
import type { AssetUrls, Prediction, Scan } from '../types.ts';
import { ErrorNote, Loading, Section, StatusBadge, formatNumber } from './basics.tsx';
import { BodyViewer } from './body-viewer.tsx';

const pending = (list: Prediction[]): number | null => (list.some((p) => p.status === 'CREATED' || p.status === 'PROCESSING') ? 1000 : null);

/** The predicted body (GLB) beside the scan's canonical body, and the numbers before and after. */
function Comparison({ api, scan, prediction }: { api: Api; scan: Scan; prediction: Prediction }) {
  const predictedUrl = useResource(() => api.get<{ bodyShapePrediction: string | null }>(`/body-shape-prediction/${enc(prediction.id)}/asset-urls`), [api, prediction.id]);
  const scanUrls = useResource(() => api.get<AssetUrls>(`/scans/${enc(scan.id)}/asset-urls`), [api, scan.id]);
  const waistNowCm = (scan.measurements?.waistFit ?? NaN) * 100;
  const waistThenCm = (prediction.predictedMeasurements?.waistFit ?? NaN) * 100;
  return (
    <div data-testid="prediction-comparison">
      <table class="data compact">
        <caption>Now and predicted</caption>
        <thead><tr><th scope="col" /><th scope="col" class="num">Now</th><th scope="col" class="num">Predicted</th></tr></thead>
        <tbody>
          <tr><th scope="row">Weight (kg)</th><td class="num">{formatNumber(scan.weight.value)}</td><td class="num" data-testid="predicted-weight">{formatNumber(prediction.predictedWeight?.value)}</td></tr>
          <tr><th scope="row">Body fat (%)</th><td class="num">{formatNumber(scan.bodyfat?.bodyfatPercentage)}</td><td class="num">{formatNumber(prediction.predictedBodyfat?.bodyfatPercentage)}</td></tr>
          <tr><th scope="row">Waist (cm)</th><td class="num">{formatNumber(waistNowCm)}</td><td class="num">{formatNumber(waistThenCm)}</td></tr>
        </tbody>
      </table>
      <div class="side-by-side">
        {scanUrls.data?.canonicalBody ? <BodyViewer bodyUrl={scanUrls.data.canonicalBody} stripesUrl={null} showStripes={false} label="Now (canonical body)" testId="current-viewer" sameSkin /> : null}
        {predictedUrl.data?.bodyShapePrediction ? <BodyViewer bodyUrl={predictedUrl.data.bodyShapePrediction} stripesUrl={null} showStripes={false} label="Predicted body" testId="predicted-viewer" sameSkin /> : null}
      </div>
      <ErrorNote error={predictedUrl.error ?? scanUrls.error} />
    </div>
  );
}

/** POST /body-shape-prediction with a target weight or body fat; follows it until READY. */
export function PredictionsPanel({ api, scan }: { api: Api; scan: Scan }) {
  const list = useResource(() => api.get<Prediction[]>(`/scans/${enc(scan.id)}/body-shape-predictions?order=desc`), [api, scan.id], pending);
  const [kind, setKind] = useState<'weight' | 'bodyfat'>('weight');
  const [target, setTarget] = useState('');
  const [error, setError] = useState<Error | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  const request = async (event: Event): Promise<void> => {
    event.preventDefault();
    setError(null);
    const value = Number(target);
    if (!Number.isFinite(value) || value <= 0) { setError(new Error('Enter a positive number.')); return; }
    // The type follows from the direction: a lower target than today is a loss.
    const now = kind === 'weight' ? scan.weight.value : scan.bodyfat?.bodyfatPercentage ?? value;
    const body = {
      scanId: scan.id,
      predictionType: value < now ? 'weight_loss' : 'weight_gain',
      ...(kind === 'weight' ? { targetWeight: value } : { targetBodyfat: value }),
    };
    try {
      const created = await api.post<Prediction>('/body-shape-prediction', body);
      setSelected(created.id);
      list.reload();
    } catch (problem) {
      setError(problem instanceof Error ? problem : new Error(String(problem)));
    }
  };

  const predictions = list.data ?? [];
  const shown = predictions.find((p) => p.id === selected) ?? predictions.find((p) => p.status === 'READY') ?? null;

  return (
    <Section title="Predictions" id="predictions">
      <form class="prediction-form" onSubmit={request}>
        <fieldset class="inline">
          <legend>Target</legend>
          <label><input type="radio" name="prediction-kind" checked={kind === 'weight'} onChange={() => setKind('weight')} /> Weight (kg)</label>
          <label><input type="radio" name="prediction-kind" checked={kind === 'bodyfat'} onChange={() => setKind('bodyfat')} /> Body fat (%)</label>
        </fieldset>
        <label for="prediction-target">Target value</label>{' '}
        <input id="prediction-target" type="number" step="0.1" min="1" value={target} onInput={(event) => setTarget((event.target as HTMLInputElement).value)} />
        <button type="submit">Predict</button>
      </form>
      <ErrorNote error={error ?? list.error} />
      {!list.data ? <Loading what="predictions" /> : predictions.length === 0 ? <p class="muted">No prediction yet.</p> : (
        <ul class="predictions" data-testid="predictions">
          {predictions.map((prediction) => (
            <li key={prediction.id} data-status={prediction.status}>
              <button type="button" class="link-button" aria-pressed={shown?.id === prediction.id} onClick={() => setSelected(prediction.id)}>
                {prediction.predictionType.replace('_', ' ')} → {prediction.predictedWeight ? `${formatNumber(prediction.predictedWeight.value)} ${prediction.predictedWeight.unit}` : '…'}
              </button>{' '}
              <StatusBadge status={prediction.status} />
              {prediction.failure ? <span class="error"> <code>{prediction.failure.code}</code> {prediction.failure.message}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {shown && shown.status === 'READY' ? <Comparison api={api} scan={scan} prediction={shown} /> : null}
    </Section>
  );
}
