// What a phone recording's scan keeps, as JSON, from the code of any checkout: to check that a speed
// change left the results alone. Writes the bench's two 250-frame recordings (recording-to-ready.bench.ts:
// a body made by the posable model, walk and turn, seed 5) when asked, then runs
// processCaptureWith(defaultScanPipeline()) of the checkout at ROOT on a ZIP and writes the measured
// result, the fitted body and the asset sizes; prints each run's CPU time.
// Run: node_modules/.bin/node scripts/ready-outputs/dump.ts --write-recordings DIR
//      node_modules/.bin/node scripts/ready-outputs/dump.ts ROOT ZIP OUT.json [warm runs]
// (ROOT: a checkout, e.g. an older commit unpacked with `git archive <commit> | tar -x -C /tmp/old`.)
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
if (args[0] === '--write-recordings') {
  const { simulateRecording } = await import('../../src/processing/recording-simulator/simulate-recording.ts');
  const { writeStrayRecording } = await import('../../src/processing/recording-simulator/write-stray-recording.ts');
  const { measureModelBody, modelParams } = await import('../../test/support/model-measurement.ts');
  const body = measureModelBody(modelParams(undefined, { 0: 0.6, 1: -0.3, 2: 0.2 }, 0.2));
  const mesh = { positionsM: body.result.canonical.positions, indices: body.model.triangles };
  for (const mode of ['walk', 'turn'] as const) {
    writeFileSync(join(args[1], `${mode}-250.zip`), writeStrayRecording(simulateRecording(mesh, { mode, seed: 5, frames: 250 }).recording));
  }
} else {
  const [root, zip, out, warm] = [resolve(args[0]), args[1], args[2], Number(args[3] ?? 0)];
  const { processCaptureWith } = await import(`${root}/src/services/capture-processing.ts`);
  const { defaultScanPipeline } = await import(`${root}/src/services/default-scan-pipeline.ts`);
  const { DEFAULT_NATIVE_CONFIG_ID } = await import(`${root}/src/processing/assets/asset-configs.ts`);
  const bytes = new Uint8Array(readFileSync(zip));
  const cpuMs = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
  let processed: { measured: unknown; fitted: unknown; files: { assetKey: string; bytes: Uint8Array }[] } | null = null;
  for (let r = 0; r <= warm; r++) {
    const c0 = cpuMs();
    processed = await processCaptureWith(defaultScanPipeline(), { bytes, context: {}, assetConfigId: DEFAULT_NATIVE_CONFIG_ID, allowSandbox: false }, () => undefined);
    console.log(`run ${r}: ${(cpuMs() - c0).toFixed(0)} ms CPU`);
  }
  const files = Object.fromEntries(processed!.files.map((f) => [f.assetKey, f.bytes.length]));
  const plain = (_key: string, value: unknown) => (ArrayBuffer.isView(value) ? Array.from(value as unknown as ArrayLike<number>) : value);
  writeFileSync(out, JSON.stringify({ measured: processed!.measured, fitted: processed!.fitted, files }, plain));
}
