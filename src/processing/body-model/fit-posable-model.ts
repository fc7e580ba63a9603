/**
 * Fits the posable body model (shape + pose) to a capture and labels every capture point with a
 * body part. Input: points in the canonical measuring frame of `toCanonical` (metres, Y up, facing
 * +Z, soles at y = 0). Method (docs/body-model-fit.md):
 * 1. thin the capture to ~6k voxel means (with normals: given, or estimated from neighbours);
 * 2. start from the mean body at the capture's stature: its heading from 8 starts 45° apart, each
 *    fitted coarsely (root and size) on a quarter of the sample; then from that heading, arms at
 *    rest, 66° and 80° down, each fitted coarsely (root, size, then limbs); keep the best;
 * 3. refine: root + shape, then every bone + shape, with robust weights shrinking from 4 cm to 4 mm;
 * 4. label all capture points from the nearest posed vertex; residuals, coverage, failures.
 */
import { ProcessingFailure } from '../../domain/processing-failure.ts';
import { subsampleCapture, voxelForTarget } from './capture-subsample.ts';
import type { FitState } from './fit-kinematics.ts';
import { createFitState, rotationVectorFromMatrix, updatePosedBody } from './fit-kinematics.ts';
import type { StartHypothesis } from './fit-initialise.ts';
import { ARM_STARTS_DEG, START_HEADINGS_RAD, bandCentre, headingOf, initialiseState, statureMatchedShape } from './fit-initialise.ts';
import { armStanceAngleDeg } from './fit-arm-stance.ts';
import type { FitWorkspace, StageSettings } from './fit-iterations.ts';
import { fitScore, runStage, sampleInlierFraction } from './fit-iterations.ts';
import type { Priors } from './fit-normal-equations.ts';
import { createNormalEquations, makeLayout } from './fit-normal-equations.ts';
import { segmentCapture, surfaceCoverage, vertexAreas } from './fit-segmentation.ts';
import { buildPointGrid } from './point-grid.ts';
import type { ModelFit, PosableBodyModel } from './posable-model-types.ts';
import { BODY_PARTS } from './posable-model-types.ts';

export interface FitOptions {
  /** Unit outward normals per capture point (a mesh's vertex normals), or null for a bare cloud. */
  normals?: Float32Array | null;
  /** The person's stated stature (m); else taken from the capture. */
  heightM?: number;
  sex?: 'male' | 'female';
  /** Receives one line per start and stage (for diagnostics and tuning). */
  trace?: (line: string) => void;
}

/** Sample points the fit works on (the capture is thinned to about this many voxel means). */
const SAMPLE_TARGET = 6000;
/**
 * Share of the sample within 2 cm of the refined best start below which the runner-up start is
 * refined too (good fits of the evaluation's MakeHuman bodies: 97.6-99.4%; one that converged to
 * the wrong arm stance: 95%).
 */
const RUNNER_UP_BELOW = 0.965;
/**
 * ... unless no arm bone of the runner-up start lies more than this (degrees) from the best start's
 * after the limbs stage: then it is the same arm stance, and refining it moved the share explained
 * by at most 0.14 points, while the wrong stance it exists for had its arms 30° from the right one
 * (docs/body-model-fit.md, "Refinement").
 */
const SAME_STANCE_DEG = 20;
/** Capture points farther than this from the fitted surface get no part (m). */
const LABEL_RADIUS_M = 0.05;

export function fitPosableModel(model: PosableBodyModel, pointsM: Float32Array, count: number, options: FitOptions = {}): ModelFit {
  if (count < 500) throw new ProcessingFailure('no_person_found', `Only ${count} points: too few to hold a person.`);
  const captureTopM = highY(pointsM, count, 0.999);
  if (!(captureTopM > 0.5)) throw new ProcessingFailure('no_person_found', `The capture rises only ${captureTopM.toFixed(2)} m above the floor: no standing person in it.`);
  const statureM = options.heightM && options.heightM > 1 && options.heightM < 2.5 ? Math.max(options.heightM, captureTopM) : captureTopM;
  const sample = subsampleCapture(pointsM, count, options.normals ?? null, voxelForTarget(statureM, SAMPLE_TARGET));
  if (sample.count < 300) throw new ProcessingFailure('no_person_found', `The capture covers only ${sample.count} distinct 2 cm cells: too little surface for a person.`);
  const sampleGrid = buildPointGrid(sample.points, sample.count, 0.03);
  const [cx, cz] = bandCentre(sample.points, sample.count, 0.5 * captureTopM, 0.65 * captureTopM);
  // A mesh wound inside out carries inward normals; every normal test would then reject the true
  // match. Over the trunk band most normals point away from the body's axis: if not, flip them.
  const normalSign = sample.oriented ? outwardSign(sample.points, sample.normals, sample.count, cx, cz, captureTopM) : 1;
  if (normalSign < 0) for (let i = 0; i < sample.normals.length; i++) sample.normals[i] = -sample.normals[i];

  const restArea = vertexAreas(model.meanPositionsM, model.triangles, model.vertexCount);
  let meanArea = 0;
  for (let v = 0; v < model.vertexCount; v++) meanArea += restArea[v];
  meanArea /= model.vertexCount;
  const vertexAreaWeight = new Float32Array(model.vertexCount);
  for (let v = 0; v < model.vertexCount; v++) vertexAreaWeight[v] = restArea[v] / meanArea;

  const B = model.boneCount, K = model.shapeCount;
  const allBones = new Array<boolean>(B).fill(true);
  allBones[0] = false; // the root bone's turn is the whole body's (root rotation)
  for (let b = 0; b < B; b++) if (model.boneParent[b] < 0) allBones[b] = false;
  // Shape unknowns grow with the stages: the first component (size) with the root, the leading
  // population components with the limbs, all of them at the end (a wrong early pose must not be
  // absorbed into an extreme shape).
  const P = Math.max(1, Math.min(K, model.principalShapeCount || K));
  const rootOnly = makeLayout(new Array<boolean>(B).fill(false), B, Math.min(P, 4));
  const limbs = makeLayout(allBones, B, Math.min(P, 10));
  const principal = makeLayout(allBones, B, P);
  const full = makeLayout(allBones, B, K);
  const priors = makePriors(model);
  const ne = createNormalEquations(full.count, B);
  const makeWorkspace = (state: FitState): FitWorkspace => ({ state, sample, sampleGrid, modelGrid: undefined, ne, vertexAreaWeight, iterations: 0 });

  const coarse = (layout: typeof full, iterations: number, sigmaStartM: number, sigmaEndM: number, radiusM: number): StageSettings => ({
    layout, priors, iterations, sigmaStartM, sigmaEndM, captureRadiusM: radiusM, modelRadiusM: radiusM, sampleStride: 4, vertexStride: 8,
  });
  // 2. Starts. Heading: the rest-pose body at 8 headings 45° apart gets the root stage; the best
  // one's fitted heading is kept. Arms: from that heading, the arms at rest, 66° and 80° down each
  // get the root stage and the limbs stage; keep the lowest score. (The heading shows at the root
  // stage whatever the arms do; the arms' stance often does not, as they are a small part of the
  // surface, and a start whose arms are far off leaves the shape and root biased, so each arm
  // start gets its own root stage.)
  // The stated sex picks the start shape (the model's average woman or man) when the model has one.
  const startShape = options.sex ? model.shapePresets[`${options.sex}Average`] ?? null : null;
  let iterations = 0;
  const t0 = performance.now();
  const lap = (what: string): void => options.trace?.(`${what}: ${(performance.now() - t0).toFixed(0)} ms`);
  lap('thinned');
  const shape0 = statureMatchedShape(createFitState(model), statureM, startShape);
  const rootStage = (hypothesis: StartHypothesis, quick: boolean): { ws: FitWorkspace; score: number } => {
    const state = createFitState(model);
    initialiseState(state, hypothesis, shape0, cx, cz, restArea);
    const ws = makeWorkspace(state);
    const stage = coarse(rootOnly, 5, 0.06, 0.03, 0.15);
    // The heading search needs only the heading: 4 iterations on an eighth of the sample.
    runStage(ws, quick ? { ...stage, iterations: 4, sampleStride: 8, vertexStride: 16 } : stage);
    iterations += ws.iterations;
    ws.iterations = 0;
    return { ws, score: fitScore(ws, quick ? 8 : 4) };
  };
  let heading = 0, headingScore = Infinity;
  for (const yawRad of START_HEADINGS_RAD) {
    const { ws, score } = rootStage({ yawRad, armsDownDeg: null }, true);
    options.trace?.(`heading ${((yawRad * 180) / Math.PI).toFixed(0)}°: root stage score ${score.toFixed(4)}`);
    if (score < headingScore) { headingScore = score; heading = headingOf(ws.state.rootR); }
  }
  lap('headings');
  const started = ARM_STARTS_DEG.map((armsDownDeg) => {
    const start = rootStage({ yawRad: heading, armsDownDeg }, false);
    runStage(start.ws, coarse(limbs, 6, 0.04, 0.02, 0.1));
    iterations += start.ws.iterations;
    start.score = fitScore(start.ws, 4);
    options.trace?.(`heading ${((heading * 180) / Math.PI).toFixed(0)}° arms ${armsDownDeg ?? 'rest'}: limbs stage score ${start.score.toFixed(4)}`);
    return start;
  });
  started.sort((p, q) => p.score - q.score);
  lap('limbs stages');
  // 3. Refinement on the whole sample. When the refined best start still leaves more than 3.5% of
  // the sample (above the floor) over 2 cm from the model (a start that converged to the wrong arm stance), the
  // runner-up is refined too and the one explaining more of the capture is kept.
  const fine = (layout: typeof full, iterationsN: number, sigmaStartM: number, sigmaEndM: number, captureRadiusM: number, modelRadiusM: number, stride: number): StageSettings => ({
    layout, priors, iterations: iterationsN, sigmaStartM, sigmaEndM, captureRadiusM, modelRadiusM, sampleStride: stride, vertexStride: 3 * stride,
  });
  const refine = (candidate: FitWorkspace): number => {
    candidate.iterations = 0;
    runStage(candidate, fine(principal, 8, 0.025, 0.008, 0.08, 0.05, 1));
    runStage(candidate, fine(full, 4, 0.008, 0.004, 0.04, 0.03, 1));
    iterations += candidate.iterations;
    return sampleInlierFraction(candidate, 0.02);
  };
  let ws = started[0].ws;
  // Compared before refining changes the best start's state.
  const stanceApartDeg = started.length > 1
    ? armStanceAngleDeg(model.boneNames, ws.state.jointM, posedTails(ws.state), started[1].ws.state.jointM, posedTails(started[1].ws.state))
    : 0;
  let explained = refine(ws);
  options.trace?.(`refined best start: ${(100 * explained).toFixed(1)}% of the sample within 2 cm; runner-up's arms ${stanceApartDeg.toFixed(1)}° apart`);
  if (explained < RUNNER_UP_BELOW && stanceApartDeg > SAME_STANCE_DEG) {
    const second = refine(started[1].ws);
    options.trace?.(`refined runner-up: ${(100 * second).toFixed(1)}% of the sample within 2 cm`);
    if (second > explained) { ws = started[1].ws; explained = second; }
  }
  lap('full stage');

  // 4. Labels, residuals, coverage.
  const state = ws.state;
  updatePosedBody(state, true);
  const seg = segmentCapture(model, state.posed, state.normals, pointsM, count, options.normals, LABEL_RADIUS_M, sample, normalSign, ws.modelGrid);
  lap('labels');
  const { coverage, partCoverage } = surfaceCoverage(model, state.posed, restArea, sampleGrid);
  options.trace?.(`inliers ${seg.inlierFraction.toFixed(3)} coverage ${coverage.toFixed(3)} residual ${seg.residualRmsMm.toFixed(2)} mm`);
  checkFailures(seg.inlierFraction, coverage, partCoverage);
  const tails = posedTails(state);
  checkStance(model, state.jointM, tails);
  return {
    params: exportParams(state),
    posed: { positionsM: state.posed.slice(), boneHeadM: Float32Array.from(state.jointM), boneTailM: tails },
    pointPart: seg.pointPart,
    residualRmsMm: seg.residualRmsMm,
    coverage,
    partResidualRmsMm: seg.partResidualRmsMm,
    iterations,
  };
}

/**
 * Pose prior weights λ_b (per rad², relative to a data term of 1 at 1 cm RMS): small for the big
 * joints the capture pins down (shoulders, hips, elbows, knees), larger for spine and clavicles
 * (they should move only as much as the torso's surface demands) and for hands, feet and head
 * (few points, easily mistaken). Shape: the population components are in standard deviations,
 * λ = 0.01 (one SD costs what 1 mm of RMS residual does); the named local targets (slider units)
 * λ = 0.05, so they move only where the population components cannot follow the capture.
 */
function makePriors(model: PosableBodyModel): Priors {
  const poseWeight = new Float64Array(model.boneCount);
  for (let b = 0; b < model.boneCount; b++) {
    const part = BODY_PARTS[model.bonePart[b]];
    poseWeight[b] = part === 'torso' ? 0.05
      : part === 'upperArmLeft' || part === 'upperArmRight' || part === 'thighLeft' || part === 'thighRight' ? 0.002
      : part === 'forearmLeft' || part === 'forearmRight' || part === 'shinLeft' || part === 'shinRight' ? 0.005
      : 0.03;
  }
  const shapeWeight = new Float64Array(model.shapeCount);
  for (let k = 0; k < model.shapeCount; k++) shapeWeight[k] = k < model.principalShapeCount ? 0.002 : 0.02;
  return { dataScaleM: 0.01, poseWeight, shapeWeight, damping: 0.1, maxStepRad: 0.25 };
}

const MIN_INLIER_FRACTION = 0.7;

function checkFailures(inlierFraction: number, coverage: number, partCoverage: Float64Array): void {
  // A standing body fits 88-99% of a capture's points within 2 cm (floor remnants and shapes
  // outside the model's space make up the rest); a person sitting, fitted as a short standing one, 53%.
  if (inlierFraction < MIN_INLIER_FRACTION) {
    throw new ProcessingFailure('pose_unsupported', `Only ${(100 * inlierFraction).toFixed(0)}% of the capture lies within 2 cm of the best-fitting standing body: it does not show a person standing upright.`);
  }
  const torso = partCoverage[BODY_PARTS.indexOf('torso')];
  const legs = Math.max(partCoverage[BODY_PARTS.indexOf('thighLeft')], partCoverage[BODY_PARTS.indexOf('thighRight')]);
  if (coverage < 0.3 || torso < 0.25 || legs < 0.2) {
    const missing = torso < 0.25 ? 'the torso' : legs < 0.2 ? 'the legs' : 'most of the body';
    throw new ProcessingFailure('body_incomplete', `The capture shows ${(100 * coverage).toFixed(0)}% of the body's surface and lacks ${missing}: measurements need at least the torso and legs.`);
  }
}

/** Largest thigh angle from straight down and trunk lean from upright before a capture is not standing (degrees). */
const MAX_THIGH_DEG = 45;
const MAX_LEAN_DEG = 35;

/**
 * A standing person has thighs near vertical and an upright trunk; a fit that found otherwise
 * (sitting, kneeling, lying, bending over) is refused as pose_unsupported, naming what it saw.
 * Trunk: from the root bone's head (pelvis) to the head of the first head-part bone (neck).
 */
function checkStance(model: PosableBodyModel, heads: Float64Array, tails: Float32Array): void {
  const deg = (x: number, y: number, z: number, upY: number): number => (Math.acos(Math.max(-1, Math.min(1, (upY * y) / Math.hypot(x, y, z)))) * 180) / Math.PI;
  for (const side of ['Left', 'Right'] as const) {
    const part = BODY_PARTS.indexOf(`thigh${side}`);
    for (let b = 0; b < model.boneCount; b++) {
      const parent = model.boneParent[b];
      if (model.bonePart[b] !== part || (parent >= 0 && model.bonePart[parent] === part)) continue;
      const angle = deg(tails[3 * b] - heads[3 * b], tails[3 * b + 1] - heads[3 * b + 1], tails[3 * b + 2] - heads[3 * b + 2], -1);
      if (angle > MAX_THIGH_DEG) {
        throw new ProcessingFailure('pose_unsupported', `The ${side.toLowerCase()} thigh is ${angle.toFixed(0)}° from vertical: the capture shows a person sitting, kneeling or crouching, not standing.`);
      }
    }
  }
  const headPart = BODY_PARTS.indexOf('head');
  let neck = -1;
  for (let b = 0; b < model.boneCount && neck < 0; b++) if (model.bonePart[b] === headPart) neck = b;
  if (neck > 0) {
    const lean = deg(heads[3 * neck] - heads[0], heads[3 * neck + 1] - heads[1], heads[3 * neck + 2] - heads[2], 1);
    if (lean > MAX_LEAN_DEG) throw new ProcessingFailure('pose_unsupported', `The trunk leans ${lean.toFixed(0)}° from upright: the capture shows a person lying or bending over, not standing.`);
  }
}

function exportParams(state: FitState): ModelFit['params'] {
  const { model } = state;
  const pose = new Float32Array(3 * model.boneCount);
  for (let b = 0; b < model.boneCount; b++) rotationVectorFromMatrix(state.local, 9 * b, pose, 3 * b);
  const rootRotation = new Float32Array(3);
  rotationVectorFromMatrix(state.rootR, 0, rootRotation, 0);
  return { shape: Float32Array.from(state.shape), pose, rootRotation, rootTranslationM: Float32Array.from(state.rootT) };
}

/** Posed bone tails: F_b(tail_b) = A_b tail_b + t_b. */
function posedTails(state: FitState): Float32Array {
  const B = state.model.boneCount, out = new Float32Array(3 * B), A = state.globalA, t = state.globalT, h = state.restTail;
  for (let b = 0; b < B; b++) {
    for (let r = 0; r < 3; r++) out[3 * b + r] = A[9 * b + 3 * r] * h[3 * b] + A[9 * b + 3 * r + 1] * h[3 * b + 1] + A[9 * b + 3 * r + 2] * h[3 * b + 2] + t[3 * b + r];
  }
  return out;
}

/** +1 when the normals of the points between 30% and 80% of stature mostly point away from the vertical axis through (cx, cz), else -1. */
function outwardSign(points: Float32Array, normals: Float32Array, count: number, cx: number, cz: number, statureM: number): number {
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const y = points[3 * i + 1];
    if (y < 0.3 * statureM || y > 0.8 * statureM) continue;
    const dx = points[3 * i] - cx, dz = points[3 * i + 2] - cz, l = Math.hypot(dx, dz);
    if (l > 0) sum += (normals[3 * i] * dx + normals[3 * i + 2] * dz) / l;
  }
  return sum < 0 ? -1 : 1;
}

/** The q-quantile of y over the points (m), from a strided sample of at most ~50k points. */
function highY(points: Float32Array, count: number, q: number): number {
  const stride = Math.max(1, Math.floor(count / 50000));
  const ys = new Float32Array(Math.ceil(count / stride));
  let n = 0;
  for (let i = 0; i < count; i += stride) ys[n++] = points[3 * i + 1];
  const sorted = ys.subarray(0, n).sort();
  return sorted[Math.min(n - 1, Math.floor(q * n))];
}
