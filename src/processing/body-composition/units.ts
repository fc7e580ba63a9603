/** Unit conversions at the edge of each equation. Exact by definition (NIST SP 811). */
import type { Measurements, MeasurementField } from '../../domain/measurements.ts';

export const METRES_PER_INCH = 0.0254;
export const KILOGRAMS_PER_POUND = 0.45359237;
export const LITRES_PER_CUBIC_METRE = 1000;

export const metresToCentimetres = (lengthM: number): number => lengthM * 100;
export const metresToInches = (lengthM: number): number => lengthM / METRES_PER_INCH;
export const kilogramsToPounds = (massKg: number): number => massKg / KILOGRAMS_PER_POUND;

/** A measurement in its stored unit (m, or m^3 for fullBodyVolume), or null when absent, non-finite or <= 0. */
export function positiveMeasurement(measurements: Partial<Measurements>, field: MeasurementField): number | null {
  const value = measurements[field];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** Mean of left/right girths in metres (either side alone when the other is missing). */
export function bilateralMeanM(
  measurements: Partial<Measurements>, left: MeasurementField, right: MeasurementField,
): number | null {
  const values = [positiveMeasurement(measurements, left), positiveMeasurement(measurements, right)]
    .filter((v): v is number => v !== null);
  return values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;
}
