import type { BodyMeasurementResult } from '../domain/body-scan-result.ts';
import { CIRCUMFERENCE_FIELDS, DERIVED_MEASUREMENT_FIELDS } from '../domain/measurements.ts';
import { readCapture } from '../processing/capture/read-capture.ts';
import { measureBody } from '../processing/measure/measure-body.ts';
import { reconstructedCapture } from '../processing/recording-reconstruction/capture-surface.ts';
import { posableModelFitter } from '../processing/measure/model-fitter.ts';

export interface MeasuredFile {
  format: string;
  statureM: number;
  measurements: BodyMeasurementResult['measurements'];
  diagnostics: BodyMeasurementResult['diagnostics'];
}

/** `bodyscan measure FILE`: read and measure a capture offline (ProcessingFailure says why it cannot). */
export function measureCaptureFile(bytes: Uint8Array): MeasuredFile {
  const capture = readCapture(bytes);
  if (capture.sandboxDescriptor) throw new Error('a sandbox descriptor is not a capture: upload it to a sandbox scan instead');
  // A phone recording is first reconstructed into one body surface.
  const reconstructed = reconstructedCapture(capture);
  const result = measureBody(reconstructed?.geometry ?? capture.geometry, reconstructed?.hints ?? capture.hints, {}, { fitter: posableModelFitter() });
  return { format: capture.format, statureM: result.statureM, measurements: result.measurements, diagnostics: { ...result.diagnostics, ...reconstructed?.diagnostics } };
}

/** The measurements as an aligned table: girths in cm, volume in litres, the rest as is. */
export function formatMeasurementTable(result: MeasuredFile): string {
  const lines = [`format ${result.format}, stature ${(result.statureM * 100).toFixed(1)} cm`];
  for (const field of CIRCUMFERENCE_FIELDS) lines.push(`${field.padEnd(22)} ${(result.measurements[field] * 100).toFixed(1).padStart(7)} cm`);
  for (const field of DERIVED_MEASUREMENT_FIELDS) {
    const value = result.measurements[field];
    lines.push(field === 'fullBodyVolume' ? `${field.padEnd(22)} ${(value * 1000).toFixed(2).padStart(7)} L` : `${field.padEnd(22)} ${value.toFixed(3).padStart(7)}`);
  }
  return `${lines.join('\n')}\n`;
}
