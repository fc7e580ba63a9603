// Loaded on first use (dynamic import): uPlot stays out of the console's first load.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { HistoryPoint } from './history-chart.tsx';

export function drawHistory(target: HTMLElement, points: HistoryPoint[]): uPlot {
  const width = Math.max(280, Math.min(target.clientWidth || 560, 720));
  const options: uPlot.Options = {
    width,
    height: 240,
    // A fixed legend: the live one shows "--" until the pointer is over the chart.
    legend: { live: false },
    scales: {
      // One scan alone would get a range of years around it; a day either side reads better.
      x: { time: true, range: (_chart, min, max) => (min === max ? [min - 86_400, max + 86_400] : [min, max]) }, mass: { auto: true }, percent: { auto: true } },
    series: [
      {},
      { label: 'Weight (kg)', scale: 'mass', stroke: '#1f5fa8', width: 2, points: { size: 7 } },
      { label: 'Waist (cm)', scale: 'mass', stroke: '#8a4b00', width: 2, dash: [6, 4], points: { size: 7 } },
      { label: 'Body fat (%)', scale: 'percent', stroke: '#a0206a', width: 2, points: { size: 7 } },
    ],
    axes: [
      {},
      { scale: 'mass', label: 'kg / cm' },
      { scale: 'percent', side: 1, label: '%', grid: { show: false } },
    ],
  };
  const data: uPlot.AlignedData = [
    points.map((point) => point.timeS),
    points.map((point) => point.weightKg),
    points.map((point) => point.waistCm),
    points.map((point) => point.bodyFatPercent),
  ];
  return new uPlot(options, data, target);
}
