import type { UnitSystem } from './api-client.ts';

/** "upperThighLeftFit" -> "Upper thigh left". */
export function siteLabel(field: string): string {
  const words = field.replace(/Fit$/, '').replace(/([A-Z])/g, ' $1').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A measurement as the table shows it: girths in cm (the API's metric is metres) or in, volume in
 * litres or ft³, ratios and indices as they are.
 */
export function measurementDisplay(field: string, value: number | null, system: UnitSystem): { text: string; unit: string } {
  if (value === null) return { text: '–', unit: '' };
  if (field.endsWith('Fit')) return system === 'metric' ? { text: (value * 100).toFixed(1), unit: 'cm' } : { text: value.toFixed(1), unit: 'in' };
  if (field === 'fullBodyVolume') return system === 'metric' ? { text: (value * 1000).toFixed(1), unit: 'L' } : { text: value.toFixed(2), unit: 'ft³' };
  return { text: value.toFixed(field === 'bmiConfidence' ? 2 : 3), unit: '' };
}

export const massUnit = (system: UnitSystem): string => (system === 'metric' ? 'kg' : 'lb');
