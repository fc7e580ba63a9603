import { useEffect, useRef, useState } from 'preact/hooks';
import type { Scan } from '../types.ts';
import { formatDate, formatNumber } from './basics.tsx';

const KG_PER_LB = 0.45359237;

export interface HistoryPoint { timeS: number; weightKg: number; bodyFatPercent: number | null; waistCm: number | null; createdAt: string }

/** One point per READY scan: weight (kg), body fat (%) by the scan's method, waist (cm). */
export function historyPoints(scans: Scan[]): HistoryPoint[] {
  return scans
    .filter((scan) => scan.status === 'READY')
    .map((scan) => ({
      timeS: Date.parse(scan.createdAt) / 1000,
      createdAt: scan.createdAt,
      weightKg: scan.weight.unit === 'lb' ? scan.weight.value * KG_PER_LB : scan.weight.value,
      bodyFatPercent: scan.bodyfat?.bodyfatPercentage ?? null,
      waistCm: typeof scan.measurements?.waistFit === 'number' ? scan.measurements.waistFit * 100 : null,
    }))
    .sort((a, b) => a.timeS - b.timeS);
}

/** The chart (uPlot, loaded on first use) and the same numbers as a table for screen readers. */
export function HistoryChart({ scans }: { scans: Scan[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const points = historyPoints(scans);

  useEffect(() => {
    if (!box.current || points.length === 0) return;
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    import('./history-plot.ts').then(({ drawHistory }) => {
      if (cancelled || !box.current) return;
      chart = drawHistory(box.current, points);
    }, (error: unknown) => setFailed(String(error)));
    return () => { cancelled = true; chart?.destroy(); };
  }, [JSON.stringify(points)]);

  if (points.length === 0) return <p class="muted">No finished scan yet: the chart starts with the first READY scan.</p>;
  return (
    <div>
      <div ref={box} class="chart" data-testid="history-chart" data-points={points.length} role="img"
        aria-label={`Weight, body fat and waist over ${points.length} scans; the table below lists them`} />
      {failed ? <p class="error">{failed}</p> : null}
      <table class="data compact" data-testid="history-table">
        <caption>History by scan</caption>
        <thead><tr><th scope="col">Scan</th><th scope="col">Weight (kg)</th><th scope="col">Body fat (%)</th><th scope="col">Waist (cm)</th></tr></thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.timeS}>
              <td>{formatDate(point.createdAt)}</td>
              <td>{formatNumber(point.weightKg)}</td>
              <td>{formatNumber(point.bodyFatPercent)}</td>
              <td>{formatNumber(point.waistCm)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
