// How well fitPosableModel finds the body parts of MakeHuman bodies that do NOT come from the
// model's shape space: the evaluation's body presets made from the full macro targets, in
// MakeHuman's A-pose and with the arms lowered until they touch the torso (the raw body skinned
// with the model's weights about joints placed by projecting the body on the shape space), whole
// or with the soles, crown and a third of the back missing. 100k surface samples, 2 mm noise.
// Truth part of a point: the model's part of the true triangle corner it lies nearest to (same
// mesh topology). Prints per body: residual, coverage, share of points on the right of 14 parts,
// share of arm points 8-20 mm from the torso labelled arm, time; or the refusal.
// Run: node scripts/check-fit-parts.ts --makehuman ../shared/data/makehuman [--bodies NAME,...]
import { parseArgs } from 'node:util';
import { fitPosableModel } from '../src/processing/body-model/fit-posable-model.ts';
import { loadPosableBodyModel } from '../src/processing/body-model/load-posable-model.ts';
import { boneWorldTransforms, skinVertices } from '../src/processing/body-model/pose-body.ts';
import type { PosableBodyModel, PosedBody } from '../src/processing/body-model/posable-model-types.ts';
import { BODY_PARTS } from '../src/processing/body-model/posable-model-types.ts';
import { ARMS_DOWN, standardPose } from '../src/processing/body-model/standard-pose.ts';
import { choleskySolveInPlace } from '../src/processing/body-model/fit-normal-equations.ts';
import { BODY_PRESETS } from './eval-accuracy/body-presets.ts';
import { extractBodyMesh } from './eval-accuracy/body-mesh.ts';
import { createTargetReader, readMakeHumanBase } from './eval-accuracy/load-makehuman.ts';
import { applyTargets, macroTargetWeights } from './eval-accuracy/macro-targets.ts';
import { contactAngleDeg, depthInside, partAgreement, scanTruth, truthFromPosed } from '../test/support/posable-model-scans.ts';
import type { PosedTruth } from '../test/support/posable-model-scans.ts';

const { values } = parseArgs({ options: { makehuman: { type: 'string' }, bodies: { type: 'string' } } });
if (!values.makehuman) { console.error('usage: node scripts/check-fit-parts.ts --makehuman DIR [--bodies NAME,...]'); process.exit(2); }
const model = loadPosableBodyModel();
const base = readMakeHumanBase(values.makehuman);
const readTarget = createTargetReader(values.makehuman);
const wanted = values.bodies?.split(',');

/** Shape coefficients of `rest` by least squares on the shape basis (ridge 1e-6), and its rest joints. */
function projectOnShapeSpace(m: PosableBodyModel, rest: Float32Array): { shape: Float32Array; heads: Float32Array; tails: Float32Array } {
  const K = m.shapeCount, V3 = 3 * m.vertexCount, S = m.shapeBasisM;
  const A = new Float64Array(K * K), b = new Float64Array(K), x = new Float64Array(K);
  for (let i = 0; i < K; i++) {
    for (let j = i; j < K; j++) {
      let s = 0;
      for (let v = 0; v < V3; v++) s += S[i * V3 + v] * S[j * V3 + v];
      A[i * K + j] = s; A[j * K + i] = s;
    }
    A[i * K + i] += 1e-6;
    let s = 0;
    for (let v = 0; v < V3; v++) s += S[i * V3 + v] * (rest[v] - m.meanPositionsM[v]);
    b[i] = s;
  }
  choleskySolveInPlace(A, K, b, x);
  const shape = Float32Array.from(x);
  const heads = Float32Array.from(m.boneHeadMeanM), tails = Float32Array.from(m.boneTailMeanM);
  for (let k = 0; k < K; k++) for (let i = 0; i < heads.length; i++) {
    heads[i] += shape[k] * m.boneHeadBasisM[k * heads.length + i];
    tails[i] += shape[k] * m.boneTailBasisM[k * tails.length + i];
  }
  return { shape, heads, tails };
}

/** The raw body with its arms `armsDownDeg` below the horizontal (null: MakeHuman's own A-pose), standing on y = 0. */
function poseRaw(rest: Float32Array, armsDownDeg: number | null): PosedTruth {
  const { shape, heads, tails } = projectOnShapeSpace(model, rest);
  const params = armsDownDeg === null
    ? { shape, pose: new Float32Array(3 * model.boneCount), rootRotation: new Float32Array(3), rootTranslationM: new Float32Array(3) }
    : standardPose(model, { ...ARMS_DOWN, armsDownDeg }, shape);
  const transforms = new Float64Array(12 * model.boneCount);
  boneWorldTransforms(model, params, heads, transforms);
  const body: PosedBody = { positionsM: new Float32Array(rest.length), boneHeadM: new Float32Array(heads.length), boneTailM: new Float32Array(tails.length) };
  skinVertices(model, transforms, rest, body.positionsM);
  for (let b = 0; b < model.boneCount; b++) {
    for (const [src, dst] of [[heads, body.boneHeadM], [tails, body.boneTailM]] as const) {
      const x = src[3 * b], y = src[3 * b + 1], z = src[3 * b + 2], o = 12 * b;
      for (let r = 0; r < 3; r++) dst[3 * b + r] = transforms[o + 4 * r] * x + transforms[o + 4 * r + 1] * y + transforms[o + 4 * r + 2] * z + transforms[o + 4 * r + 3];
    }
  }
  let minY = Infinity;
  for (let i = 1; i < body.positionsM.length; i += 3) minY = Math.min(minY, body.positionsM[i]);
  for (const a of [body.positionsM, body.boneHeadM, body.boneTailM]) for (let i = 1; i < a.length; i += 3) a[i] -= minY;
  return truthFromPosed(model, params, body);
}

const arms = new Set(['upperArmLeft', 'upperArmRight', 'forearmLeft', 'forearmRight'].map((n) => BODY_PARTS.indexOf(n as (typeof BODY_PARTS)[number])));
console.log('body                       stance     capture   residual mm  coverage  right part  arm 8-20 mm from torso   ms');
for (const preset of BODY_PRESETS.filter((p) => !wanted || wanted.includes(p.name))) {
  const mesh = extractBodyMesh(base, applyTargets(base, macroTargetWeights(preset.settings), readTarget));
  if (mesh.positionsM.length !== 3 * model.vertexCount) throw new Error('the MakeHuman body mesh and the model differ in topology');
  const rest = Float32Array.from(mesh.positionsM);
  for (const stance of ['A-pose', 'arms-down'] as const) {
    const truth = stance === 'A-pose' ? poseRaw(rest, null) : poseRaw(rest, contactAngleDeg(model, (deg) => poseRaw(rest, deg)));
    let top = 0;
    for (let i = 1; i < truth.body.positionsM.length; i += 3) top = Math.max(top, truth.body.positionsM[i]);
    for (const capture of ['whole', 'holes'] as const) {
      const drop = capture === 'whole' ? undefined
        : (_x: number, y: number, z: number): boolean => (z < -0.03 && y > 0.35 * top && y < 0.75 * top) || y < 0.012 || y > top - 0.015;
      const scan = scanTruth(model, truth, { count: 100_000, seed: 7, noiseM: 0.002, drop });
      const started = performance.now();
      let line = `${preset.name.padEnd(26)} ${stance.padEnd(10)} ${capture.padEnd(8)}`;
      try {
        const fit = fitPosableModel(model, scan.points, scan.count);
        const ms = performance.now() - started;
        const p = scan.points;
        const armNear = partAgreement(fit.pointPart, scan.truePart, 0, scan.count, (i) => {
          if (!arms.has(scan.truePart[i])) return false;
          const gap = -depthInside(model, truth, 0, p[3 * i], p[3 * i + 1], p[3 * i + 2]);
          return gap >= 0.008 && gap < 0.02;
        });
        line += `${fit.residualRmsMm.toFixed(2).padStart(12)} ${fit.coverage.toFixed(3).padStart(9)} ${(100 * partAgreement(fit.pointPart, scan.truePart).share).toFixed(1).padStart(10)}%`
          + `${armNear.n > 0 ? `${(100 * armNear.share).toFixed(1)}% of ${armNear.n}` : '-'}`.padStart(25) + `${ms.toFixed(0).padStart(6)}`;
      } catch (error) {
        line += `  REFUSED: ${error instanceof Error ? error.message : String(error)}`;
      }
      console.log(line);
    }
  }
}
