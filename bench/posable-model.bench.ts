// Benchmark: the posable body model's building blocks, the costs a fitter pays per iteration.
// Run: node_modules/.bin/node bench/posable-model.bench.ts
// Prints min / median / max over repeated runs (ms): asset decode (first load, its own process run),
// shapeBody (43 coefficients), poseShapedBody (20 bones, 13,380 vertices), poseBody, standardPose.
import {
  ARMS_DOWN, allocatePosedBody, loadPosableBodyModel, poseBody, poseShapedBody, shapeBody, standardPose,
} from '../src/processing/body-model/posable-body-model.ts';

const time = (run: () => void): number => { const t0 = performance.now(); run(); return performance.now() - t0; };
const stats = (label: string, samples: number[]): void => {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(`${label.padEnd(34)} min ${sorted[0].toFixed(3)}  median ${sorted[Math.floor(sorted.length / 2)].toFixed(3)}  max ${sorted.at(-1)!.toFixed(3)} ms  (${samples.length} runs)`);
};

let model!: ReturnType<typeof loadPosableBodyModel>;
stats('decode asset (first load)', [time(() => { model = loadPosableBodyModel(); })]);
const shape = Float32Array.from(model.shapePresets.femaleObese);
shape[model.shapeNames.indexOf('waistGirth')] = 0.5;
const params = standardPose(model, ARMS_DOWN, shape);
params.rootRotation.set([0.1, 0.4, -0.05]);
const rest = allocatePosedBody(model);
const posed = allocatePosedBody(model);
const repeat = (count: number, run: () => void): number[] => {
  for (let i = 0; i < 20; i++) run(); // warm-up
  return Array.from({ length: count }, () => time(run));
};
stats('shapeBody (all coefficients)', repeat(200, () => shapeBody(model, shape, rest)));
stats('poseShapedBody (skinning)', repeat(200, () => poseShapedBody(model, rest, params, posed)));
stats('poseBody (shape + skinning)', repeat(200, () => poseBody(model, params, posed)));
stats('standardPose (allocates)', repeat(200, () => standardPose(model, ARMS_DOWN, shape)));
console.log(`peak RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
