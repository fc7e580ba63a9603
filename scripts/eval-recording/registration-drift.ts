// How far the registered camera poses of a simulated recording are from the true ones, on a few
// MakeHuman bodies: the mean error of the camera's horizontal distance to the body's vertical axis
// (a camera registered closer fuses a smaller body: −1 mm of distance is about −6 mm of girth), the
// RMS of the camera-centre error, and the reconstruction's time.
// True pose in the model frame: the camera in the body's frame at the first frame (as stages.ts).
// Usage: node scripts/eval-recording/registration-drift.ts [--makehuman <dir>] [--bodies 3] [--first 0]
//   [--modes walk,turn] [--seed 11] [--frames 250] [--override '{"depthFilter":{"smoothingVariancePx2":1.5}}']
import { parseArgs } from 'node:util';
import { invertRigid, multiplyPoses } from '../../src/processing/geometry/camera-pose.ts';
import { reconstructRecording } from '../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import { simulateRecording } from '../../src/processing/recording-simulator/simulate-recording.ts';
import { reconstructionWithOverride } from './reconstruction-override.ts';
import { DEFAULT_MAKEHUMAN_DIR, evaluationBodies } from './evaluation-bodies.ts';

const { values } = parseArgs({
  options: {
    makehuman: { type: 'string', default: DEFAULT_MAKEHUMAN_DIR },
    bodies: { type: 'string', default: '3' },
    first: { type: 'string', default: '0' },
    modes: { type: 'string', default: 'walk,turn' },
    seed: { type: 'string', default: '11' },
    frames: { type: 'string', default: '250' },
    override: { type: 'string', default: '{}' },
  },
});
const reconstruction = reconstructionWithOverride(values.override);
const first = Number(values.first);
for (const { index, preset, mesh, body } of evaluationBodies(values.makehuman, first, Number(values.bodies))) {
  const seed = Number(values.seed) + index;
  for (const mode of values.modes.split(',') as ('walk' | 'turn')[]) {
    const sim = simulateRecording(body, { mode, seed, frames: Number(values.frames) });
    const cpu = process.cpuUsage();
    const result = reconstructRecording(sim.recording, reconstruction);
    const used = process.cpuUsage(cpu);
    const { cameraToWorld, bodyToWorld } = sim.truth;
    const axis = bodyToWorld[0];
    let sum = 0, sumSq = 0, n = 0, firstHalf = 0, nFirst = 0;
    let maxAbs = 0;
    result.framePoses.forEach((pose, t) => {
      if (!pose) return;
      const truth = multiplyPoses(axis, multiplyPoses(invertRigid(bodyToWorld[t]), cameraToWorld[t]));
      const dTrue = Math.hypot(truth[12] - axis[12], truth[14] - axis[14]);
      const dReg = Math.hypot(pose[12] - axis[12], pose[14] - axis[14]);
      const e = dReg - dTrue;
      sum += e; n++;
      if (t < result.framePoses.length / 2) { firstHalf += e; nFirst++; }
      sumSq += (pose[12] - truth[12]) ** 2 + (pose[13] - truth[13]) ** 2 + (pose[14] - truth[14]) ** 2;
      maxAbs = Math.max(maxAbs, Math.abs(e));
    });
    const mm = (x: number) => (1000 * x).toFixed(2);
    console.log(`${preset.name.padEnd(26)} ${mode.padEnd(5)} distance error mean ${mm(sum / n)} mm (first half ${mm(firstHalf / nFirst)}, second ${mm((sum - firstHalf) / (n - nFirst))}, max |e| ${mm(maxAbs)}) centre RMS ${mm(Math.sqrt(sumSq / n))} mm cpu ${((used.user + used.system) / 1e3).toFixed(0)} ms fuse ${result.diagnostics.fuseMs} ms unregistered ${result.diagnostics.framesNotRegistered} drift ${result.diagnostics.driftMs} ms rms ${result.diagnostics.driftRmsMm} mm pairs ${result.diagnostics.driftPairs} it ${result.diagnostics.driftIterations}`);
  }
}
