// How a turn's registered poses differ from the true ones, frame by frame, on a few MakeHuman bodies.
// For each frame, E = registered · true⁻¹ · (the same at the first frame)⁻¹ (camera → model poses;
// the model frame is the world at the first frame, so the first frame's own pose error, a rigid offset
// of the whole model, is taken out) is the rigid motion the registration applied to that frame's
// surface relative to the first frame's: its rotation
// split into yaw (about the vertical) and tilt (degrees), and where it moves the body's centre,
// split into radial (toward the camera: + fuses that frame's surface farther out, a larger body),
// tangential and vertical (mm). Prints a row every --every frames, the means / RMS, and the scatter of
// the errors about their mean (what distorts the fused surface: a constant error moves it whole).
// True pose in the model frame: the camera in the body's frame at the first frame (as stages.ts).
// Usage: node scripts/eval-recording/turn-pose-error.ts [--makehuman <dir>] [--bodies 3] [--first 0]
//   [--seed 11] [--frames 250] [--every 25] [--override '{...}'] [--ideal] [--rigid]
import { parseArgs } from 'node:util';
import { invertRigid, multiplyPoses } from '../../src/processing/geometry/camera-pose.ts';
import { reconstructRecording } from '../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import { rotationVector } from '../../src/processing/recording-reconstruction/rigid-transform.ts';
import { simulateRecording } from '../../src/processing/recording-simulator/simulate-recording.ts';
import { reconstructionWithOverride } from './reconstruction-override.ts';
import { trunkAxisPoint } from './trunk-axis.ts';
import { DEFAULT_MAKEHUMAN_DIR, evaluationBodies } from './evaluation-bodies.ts';

const { values } = parseArgs({
  options: {
    makehuman: { type: 'string', default: DEFAULT_MAKEHUMAN_DIR },
    bodies: { type: 'string', default: '3' },
    first: { type: 'string', default: '0' },
    seed: { type: 'string', default: '11' },
    frames: { type: 'string', default: '250' },
    every: { type: 'string', default: '25' },
    override: { type: 'string', default: '{}' },
    /** Simulate ideal depth (no sensor model) / a rigid turntable (no sway, tilt, arm movement, even speed). */
    ideal: { type: 'boolean', default: false },
    rigid: { type: 'boolean', default: false },
  },
});
const reconstruction = reconstructionWithOverride(values.override);
const first = Number(values.first);
const every = Number(values.every);
const degrees = (rad: number) => (rad * 180) / Math.PI;
for (const { index, preset, mesh, body } of evaluationBodies(values.makehuman, first, Number(values.bodies))) {
  const seed = Number(values.seed) + index;
  const sim = simulateRecording(body, { mode: 'turn', seed, frames: Number(values.frames), sensorNoise: !values.ideal, natural: !values.rigid });
  const cpu = process.cpuUsage();
  const result = reconstructRecording(sim.recording, reconstruction);
  const used = process.cpuUsage(cpu);
  const { cameraToWorld, bodyToWorld } = sim.truth;
  const axis = bodyToWorld[0];
  // The body's centre on its trunk axis, in the model frame (= the body's frame at the first frame).
  const [ax, ay, az] = trunkAxisPoint(mesh.positionsM);
  const c = [axis[0] * ax + axis[4] * ay + axis[8] * az + axis[12], axis[1] * ax + axis[5] * ay + axis[9] * az + axis[13], axis[2] * ax + axis[6] * ay + axis[10] * az + axis[14]];
  const moves: number[][] = [];
  let n = 0, sumRadial = 0, sumSqRadial = 0, sumSqTangential = 0, sumSqYaw = 0, sumSqTilt = 0, sumYaw = 0;
  console.log(`${preset.name}: turn ${result.diagnostics.turnDeg}°, cpu ${((used.user + used.system) / 1e3).toFixed(0)} ms, unregistered ${result.diagnostics.framesNotRegistered}`);
  console.log('  frame  yaw°    tilt°   radial mm  tangential mm  vertical mm');
  const truthOf = (t: number) => multiplyPoses(axis, multiplyPoses(invertRigid(bodyToWorld[t]), cameraToWorld[t]));
  const firstIndex = result.framePoses.findIndex((pose) => pose !== null);
  const firstError = invertRigid(multiplyPoses(result.framePoses[firstIndex]!, invertRigid(truthOf(firstIndex))));
  result.framePoses.forEach((pose, t) => {
    if (!pose) return;
    const truth = truthOf(t);
    const e = multiplyPoses(multiplyPoses(pose, invertRigid(truth)), firstError);
    const [wx, wy, wz] = rotationVector(e);
    const mx = e[0] * c[0] + e[4] * c[1] + e[8] * c[2] + e[12] - c[0];
    const my = e[1] * c[0] + e[5] * c[1] + e[9] * c[2] + e[13] - c[1];
    const mz = e[2] * c[0] + e[6] * c[1] + e[10] * c[2] + e[14] - c[2];
    // Radial: the horizontal direction from the body's axis to the true camera.
    const dx = truth[12] - c[0], dz = truth[14] - c[2], d = Math.hypot(dx, dz);
    const radial = (mx * dx + mz * dz) / d, tangential = (mx * -dz + mz * dx) / d;
    const tilt = Math.hypot(wx, wz);
    moves.push([mx, my, mz, wx, wy, wz]);
    n++; sumRadial += radial; sumSqRadial += radial * radial; sumSqTangential += tangential * tangential;
    sumYaw += wy; sumSqYaw += wy * wy; sumSqTilt += tilt * tilt;
    if (t % every === 0 || t === result.framePoses.length - 1) {
      console.log(`  ${String(t).padStart(5)} ${degrees(wy).toFixed(2).padStart(6)} ${degrees(tilt).toFixed(2).padStart(6)} ${(1000 * radial).toFixed(2).padStart(9)} ${(1000 * tangential).toFixed(2).padStart(12)} ${(1000 * my).toFixed(2).padStart(12)}`);
    }
  });
  console.log(`  mean: yaw ${degrees(sumYaw / n).toFixed(2)}°, radial ${(1000 * sumRadial / n).toFixed(2)} mm; RMS: yaw ${degrees(Math.sqrt(sumSqYaw / n)).toFixed(2)}°, tilt ${degrees(Math.sqrt(sumSqTilt / n)).toFixed(2)}°, radial ${(1000 * Math.sqrt(sumSqRadial / n)).toFixed(2)} mm, tangential ${(1000 * Math.sqrt(sumSqTangential / n)).toFixed(2)} mm`);
  // A constant error (every frame moved alike) moves the whole model and harms nothing: what distorts
  // the fused surface is how the frames' errors differ, i.e. their scatter about the mean error.
  const mean = [0, 1, 2, 3, 4, 5].map((k) => moves.reduce((sum, m) => sum + m[k], 0) / moves.length);
  const scatter = (k0: number) => Math.sqrt(moves.reduce((sum, m) => sum + (m[k0] - mean[k0]) ** 2 + (m[k0 + 1] - mean[k0 + 1]) ** 2 + (m[k0 + 2] - mean[k0 + 2]) ** 2, 0) / moves.length);
  console.log(`  about the mean error: centre RMS ${(1000 * scatter(0)).toFixed(2)} mm, rotation RMS ${degrees(scatter(3)).toFixed(2)}°`);
}
