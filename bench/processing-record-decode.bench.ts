// What a READY scan read pays for decoding its processing record (src/domain/processing-record.ts):
// the record a real sandbox scan stores, parsed and decoded whole (what findProcessingRecord does,
// for predictions), and the scan read's projection (the record without fittedBody, landmarks and
// diagnostics, as scan-queries.ts selects it) parsed and decoded for its two fields, beside the
// reference of parsing only the two parts the scan read fetched before the record had a decoder
// (fitErrorMmBySite and bodyFit, extracted in SQL). Also the bytes each sends from the database.
// Per operation, min / median / max of 15 batches of 2,000.
// Run: node_modules/.bin/node bench/processing-record-decode.bench.ts
import { performance } from 'node:perf_hooks';
import { decodeProcessingRecord, decodeProcessingRecordFields, encodeProcessingRecord, type ProcessingRecord } from '../src/domain/processing-record.ts';
import { bodyFitReportOf } from '../src/domain/scan.ts';
import { processCaptureWith } from '../src/services/capture-processing.ts';
import { defaultScanPipeline } from '../src/services/default-scan-pipeline.ts';

const capture = new TextEncoder().encode(JSON.stringify({ sandbox: true, sex: 'male', heightM: 1.8, weightKg: 82, seed: 21 }));
const processed = await processCaptureWith(defaultScanPipeline(), {
  bytes: capture, context: { heightM: 1.8, weightKg: 82, sex: 'male', ageYears: 36 }, assetConfigId: '25f6d3a6-a634-40c3-8452-0342bee242d0', allowSandbox: true,
}, () => undefined);
const { measured, fitted } = processed;
const record: ProcessingRecord = {
  version: 1, captureFormat: processed.captureFormat, statureM: measured.statureM, diagnostics: measured.diagnostics,
  landmarks: measured.landmarks, fittedBody: fitted.record, fitErrorMmBySite: fitted.fitErrorMmBySite,
  bodyFit: bodyFitReportOf(measured.diagnostics, measured.siteQuality), bodyfatMethodUsed: 'coco2',
};
const stored = encodeProcessingRecord(record, 'bench');
const twoParts = [JSON.stringify(record.fitErrorMmBySite), JSON.stringify(record.bodyFit)];
const { fittedBody: _f, landmarks: _l, diagnostics: _d, ...rest } = JSON.parse(stored);
const projection = JSON.stringify(rest);

const BATCH = 2000;
const BATCHES = 15;
function perOpUs(work: () => unknown): { min: number; median: number; max: number } {
  for (let i = 0; i < BATCH; i++) work(); // warm-up
  const times: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const start = performance.now();
    for (let i = 0; i < BATCH; i++) work();
    times.push(((performance.now() - start) * 1000) / BATCH);
  }
  times.sort((a, b) => a - b);
  return { min: times[0], median: times[Math.floor(times.length / 2)], max: times[times.length - 1] };
}
const show = (t: { min: number; median: number; max: number }): string => `${t.min.toFixed(1)} / ${t.median.toFixed(1)} / ${t.max.toFixed(1)} µs`;

const reference = perOpUs(() => [JSON.parse(twoParts[0]), JSON.parse(twoParts[1])]);
const scanRead = perOpUs(() => decodeProcessingRecordFields(JSON.parse(projection), 'bench', ['fitErrorMmBySite', 'bodyFit']));
const decoded = perOpUs(() => decodeProcessingRecord(JSON.parse(stored), 'bench'));
const decodeOnly = (() => { const parsed = JSON.parse(stored); return perOpUs(() => decodeProcessingRecord(parsed, 'bench')); })();
console.log(`stored record: ${stored.length} bytes; a scan read's projection: ${projection.length} bytes; the two parts alone: ${twoParts[0].length + twoParts[1].length} bytes`);
console.log(`reference, parse the two parts:     ${show(reference)} per read (min / median / max)`);
console.log(`scan read: parse + decode projection: ${show(scanRead)} per read`);
console.log(`parse the whole record + decode it: ${show(decoded)} per read`);
console.log(`decode alone (already parsed):      ${show(decodeOnly)} per read`);
