// Benchmark and reach of the predicted body (src/processing/body-model/shape-to-girths.ts): bodies made
// by the posable model (its presets, arms hanging), measured at the model's default sites, their exact
// fit kept as the scan's record; then predictions that change every girth by -10 % / +6 % at the
// torso (thighs 80 %, arms, calves and neck 50 % of that) and the volume by 1.6 times that. Prints
// time per prediction (min / median / max) and how close each re-shaped body came.
// Run: node_modules/.bin/node bench/predicted-body.bench.ts
import { CIRCUMFERENCE_FIELDS } from '../src/domain/measurements.ts';
import { loadPosableBodyModel } from '../src/processing/body-model/load-posable-model.ts';
import { predictedAvatar, scanAvatar } from '../src/processing/body-model/scan-avatar.ts';
import { ARMS_DOWN, standardPose } from '../src/processing/body-model/standard-pose.ts';
import { measureModelBody, onFloor } from '../test/support/model-measurement.ts';

const model = loadPosableBodyModel();
const times: number[] = [];
console.log('preset        change   girth |error| max / mean (mm)   volume error   stature change   steps');
for (const preset of Object.keys(model.shapePresets)) {
  const scan = measureModelBody(onFloor(model, standardPose(model, ARMS_DOWN, model.shapePresets[preset])));
  const { record } = scanAvatar(model, scan.fit, scan.result);
  for (const change of [-0.1, 0.06]) {
    const predicted = { ...scan.result.measurements };
    for (const field of CIRCUMFERENCE_FIELDS) predicted[field] *= 1 + change * (/Arm|wrist|ankle|calf|neck/.test(field) ? 0.5 : /Thigh/.test(field) ? 0.8 : 1);
    predicted.fullBodyVolume *= 1 + 1.6 * change;
    const started = performance.now();
    const body = predictedAvatar(model, record, predicted);
    times.push(performance.now() - started);
    const errors = Object.values(body.girthErrorMm).map((v) => Math.abs(v!));
    console.log(`${preset.padEnd(13)} ${`${(100 * change).toFixed(0)} %`.padStart(6)}   ${Math.max(...errors).toFixed(1).padStart(8)} / ${(errors.reduce((s, v) => s + v, 0) / errors.length).toFixed(1).padEnd(14)}`
      + `${`${body.volumeErrorPercent.toFixed(2)} %`.padStart(10)}   ${`${body.statureChangeMm.toFixed(1)} mm`.padStart(12)}   ${String(body.iterations).padStart(6)}`);
  }
}
times.sort((a, b) => a - b);
console.log(`time per prediction: min ${times[0].toFixed(0)} / median ${times[Math.floor(times.length / 2)].toFixed(0)} / max ${times[times.length - 1].toFixed(0)} ms (${times.length} predictions, one thread, node ${process.version})`);
