// Renders the example previews committed in docs/images (what the service produces):
// a MakeHuman body measured as a capture mesh, and a predicted body (the fitted body of a synthetic
// scan deformed to a 10 kg weight loss) beside its starting body.
// Usage: node scripts/render-examples.ts [--makehuman <dir>]
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildScanAssets } from '../src/processing/assets/build-scan-assets.ts';
import { encodePng } from '../src/processing/assets/png-encoder.ts';
import { renderPreview } from '../src/processing/assets/preview-rasteriser.ts';
import { computeBodyfat } from '../src/processing/body-composition/compute-bodyfat.ts';
import { canonicalBody, deformToGirths } from '../src/processing/body-model/canonical-body.ts';
import { fitBodyModel } from '../src/processing/body-model/fit-body-model.ts';
import { measureBody } from '../src/processing/measure/measure-body.ts';
import { predictBody } from '../src/processing/prediction/predict-body.ts';
import { generateSyntheticBody } from '../src/processing/synthetic-body/generate.ts';
import { createTargetReader, readMakeHumanBase } from './eval-accuracy/load-makehuman.ts';
import { applyTargets, macroTargetWeights } from './eval-accuracy/macro-targets.ts';
import { extractBodyMesh } from './eval-accuracy/body-mesh.ts';
import { BODY_PRESETS } from './eval-accuracy/body-presets.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { makehuman: { type: 'string' } } });
if (!values.makehuman) {
  console.error('Usage: node scripts/render-examples.ts --makehuman <makehuman-dir>');
  process.exit(2);
}
const out = (name: string): string => resolve(repoRoot, 'docs', 'images', name);

// 1. A MakeHuman body (CC0 shape) as an uploaded mesh: the preview asset the service stores.
const base = readMakeHumanBase(values.makehuman);
const preset = BODY_PRESETS[Math.min(3, BODY_PRESETS.length - 1)];
const human = extractBodyMesh(base, applyTargets(base, macroTargetWeights(preset.settings), createTargetReader(values.makehuman)));
const humanResult = measureBody({ positions: new Float32Array(human.positionsM), indices: new Uint32Array(human.triangles), colors: null, normals: null }, { unit: 'm', upAxis: '+y' }, {});
const humanAssets = buildScanAssets(humanResult, null, '25f6d3a6-a634-40c3-8452-0342bee242d0');
writeFileSync(out('preview-makehuman.png'), humanAssets.previewImage!.bytes);
console.log(`preview-makehuman.png: MakeHuman preset "${preset.name}", stature ${(humanResult.statureM * 100).toFixed(1)} cm`);

// 2. A predicted body: a synthetic scan's fitted body, and the same body deformed to a 10 kg loss.
const person = { sex: 'male' as const, ageYears: 40, heightM: 1.8, weightKg: 95 };
const scanBody = generateSyntheticBody({ sex: 'male', heightM: person.heightM, weightKg: person.weightKg, seed: 5 });
const measured = measureBody(scanBody.geometry, { unit: 'm', upAxis: '+y' }, { heightM: person.heightM, weightKg: person.weightKg });
const fit = fitBodyModel(measured);
const bodyfat = computeBodyfat('coco2', person, measured.measurements);
const predicted = predictBody({ person, measurements: measured.measurements, bodyfat, predictionType: 'weight_loss', targetWeightKg: person.weightKg - 10 });
const before = canonicalBody(fit.params);
const after = deformToGirths(fit.params, predicted.measurements).mesh;
// Side by side in one picture: the starting body on the left, the predicted one on the right.
const shiftM = 1.2;
const positions = new Float32Array(before.positionsM.length + after.positionsM.length);
for (let i = 0; i < before.positionsM.length; i += 3) {
  positions[i] = before.positionsM[i] - shiftM / 2; positions[i + 1] = before.positionsM[i + 1]; positions[i + 2] = before.positionsM[i + 2];
}
const offset = before.positionsM.length;
for (let i = 0; i < after.positionsM.length; i += 3) {
  positions[offset + i] = after.positionsM[i] + shiftM / 2; positions[offset + i + 1] = after.positionsM[i + 1]; positions[offset + i + 2] = after.positionsM[i + 2];
}
const indices = new Uint32Array(before.indices.length + after.indices.length);
indices.set(before.indices);
for (let i = 0; i < after.indices.length; i++) indices[before.indices.length + i] = after.indices[i] + before.positionsM.length / 3;
writeFileSync(out('preview-prediction.png'), encodePng(renderPreview({ positionsM: positions, indices, normals: null, colors: null }, { widthPx: 1024, heightPx: 1024 }), false));
console.log(`preview-prediction.png: left ${person.weightKg} kg (waist ${(measured.measurements.waistFit * 100).toFixed(1)} cm), right predicted ${predicted.predictedWeightKg.toFixed(1)} kg (waist ${(predicted.measurements.waistFit * 100).toFixed(1)} cm)`);
