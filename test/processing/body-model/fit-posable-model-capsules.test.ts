// The fit's solver on a hand-made capsule body (test/support/capsule-body-model.ts): known shape and
// pose in, a noisy, holed scan of it out, and the fit must find the pose, the shape and the parts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { capsuleBodyModel } from '../../support/capsule-body-model.ts';
import { createFitState, rotationMatrixFromVector, updatePosedBody } from '../../../src/processing/body-model/fit-kinematics.ts';
import type { FitState } from '../../../src/processing/body-model/fit-kinematics.ts';
import { fitPosableModel } from '../../../src/processing/body-model/fit-posable-model.ts';
import { buildPointGrid, nearestInGrid } from '../../../src/processing/body-model/point-grid.ts';
import { BODY_PARTS, NO_PART } from '../../../src/processing/body-model/posable-model-types.ts';
import { ProcessingFailure } from '../../../src/domain/processing-failure.ts';
import { sampleSurface } from '../../../src/processing/geometry/surface-sample.ts';
import { makeGaussian, makeRandom } from '../../../src/processing/geometry/prng.ts';

const model = capsuleBodyModel();
type Rot = [number, number, number];

function posedTruth(shape: [number, number], rotations: Record<string, Rot>, yaw: number): FitState {
  const truth = createFitState(model);
  truth.shape[0] = shape[0]; truth.shape[1] = shape[1];
  for (const [name, r] of Object.entries(rotations)) rotationMatrixFromVector(r[0], r[1], r[2], truth.local, 9 * model.boneNames.indexOf(name));
  rotationMatrixFromVector(0, yaw, 0, truth.rootR, 0);
  updatePosedBody(truth, true);
  return truth;
}

/** Distance (m) from p to the capsule of bone b in the posed truth (radius included: < 0 inside). */
function capsuleDistance(truth: FitState, b: number, x: number, y: number, z: number): number {
  const A = truth.globalA, t = truth.globalT, tail = truth.restTail;
  const tx = A[9 * b] * tail[3 * b] + A[9 * b + 1] * tail[3 * b + 1] + A[9 * b + 2] * tail[3 * b + 2] + t[3 * b];
  const ty = A[9 * b + 3] * tail[3 * b] + A[9 * b + 4] * tail[3 * b + 1] + A[9 * b + 5] * tail[3 * b + 2] + t[3 * b + 1];
  const tz = A[9 * b + 6] * tail[3 * b] + A[9 * b + 7] * tail[3 * b + 1] + A[9 * b + 8] * tail[3 * b + 2] + t[3 * b + 2];
  // The foot capsule starts at its own head, not at the joint; use the posed head of the bone.
  const hx = A[9 * b] * truth.restHead[3 * b] + A[9 * b + 1] * truth.restHead[3 * b + 1] + A[9 * b + 2] * truth.restHead[3 * b + 2] + t[3 * b];
  const hy = A[9 * b + 3] * truth.restHead[3 * b] + A[9 * b + 4] * truth.restHead[3 * b + 1] + A[9 * b + 5] * truth.restHead[3 * b + 2] + t[3 * b + 1];
  const hz = A[9 * b + 6] * truth.restHead[3 * b] + A[9 * b + 7] * truth.restHead[3 * b + 1] + A[9 * b + 8] * truth.restHead[3 * b + 2] + t[3 * b + 2];
  const ux = tx - hx, uy = ty - hy, uz = tz - hz;
  const s = Math.max(0, Math.min(1, ((x - hx) * ux + (y - hy) * uy + (z - hz) * uz) / (ux * ux + uy * uy + uz * uz)));
  const radius = (0.02 * truth.shape[0]) + [0.15, 0.14, 0.09, 0.045, 0.037, 0.028, 0.045, 0.037, 0.028, 0.075, 0.05, 0.04, 0.075, 0.05, 0.04][b];
  return Math.hypot(x - hx - s * ux, y - hy - s * uy, z - hz - s * uz) - radius;
}

interface Scan { points: Float32Array; count: number; truePart: Uint8Array; floorFrom: number }

/**
 * A scanner's view of the posed truth: surface samples with no point inside another capsule (where
 * arm and torso press together nothing is visible), 2 mm noise per axis, optional holes, then the
 * body stood on y = 0. `drop(x, y, z)` removes points (missing back, soles, crown).
 */
function scan(truth: FitState, count: number, seed: number, drop?: (x: number, y: number, z: number) => boolean, floorPatch = 0): Scan {
  const raw = sampleSurface(truth.posed, model.triangles, count, seed);
  const gauss = makeGaussian(makeRandom(seed + 1));
  const out = new Float32Array(3 * (count + floorPatch));
  const part = new Uint8Array(count + floorPatch);
  let n = 0;
  for (let i = 0; i < count; i++) {
    const x = raw[3 * i], y = raw[3 * i + 1], z = raw[3 * i + 2];
    // The point's own capsule is the one whose surface it lies on; inside any other, it is hidden.
    let own = 0, ownDistance = Infinity;
    for (let b = 0; b < model.boneCount; b++) {
      const d = Math.abs(capsuleDistance(truth, b, x, y, z));
      if (d < ownDistance) { ownDistance = d; own = b; }
    }
    let hidden = false;
    for (let b = 0; b < model.boneCount && !hidden; b++) if (b !== own && capsuleDistance(truth, b, x, y, z) < -0.001) hidden = true;
    if (hidden || (drop && drop(x, y, z))) continue;
    out[3 * n] = x + 0.002 * gauss(); out[3 * n + 1] = y + 0.002 * gauss(); out[3 * n + 2] = z + 0.002 * gauss();
    part[n++] = model.bonePart[own];
  }
  let minY = Infinity;
  for (let i = 0; i < n; i++) minY = Math.min(minY, out[3 * i + 1]);
  for (let i = 0; i < n; i++) out[3 * i + 1] -= minY;
  const floorFrom = n;
  const random = makeRandom(seed + 2);
  for (let i = 0; i < floorPatch; i++) {
    out[3 * n] = (random() - 0.5) * 0.8; out[3 * n + 1] = 0.003 * random(); out[3 * n + 2] = (random() - 0.5) * 0.8;
    part[n++] = NO_PART;
  }
  for (const v of [truth.jointM, truth.posed]) for (let i = 1; i < v.length; i += 3) v[i] -= minY;
  return { points: out.subarray(0, 3 * n), count: n, truePart: part.subarray(0, n), floorFrom };
}

function worstJointErrorMm(fitHeads: Float32Array, truth: FitState): number {
  return worstJoint(fitHeads, truth).mm;
}

function worstJoint(fitHeads: Float32Array, truth: FitState): { mm: number; name: string } {
  let worst = 0, name = '';
  for (let b = 0; b < model.boneCount; b++) {
    const d = Math.hypot(fitHeads[3 * b] - truth.jointM[3 * b], fitHeads[3 * b + 1] - truth.jointM[3 * b + 1], fitHeads[3 * b + 2] - truth.jointM[3 * b + 2]);
    if (d > worst) { worst = d; name = model.boneNames[b]; }
  }
  return { mm: 1000 * worst, name };
}

function agreement(found: Uint8Array, truth: Uint8Array, from = 0, to = truth.length, keep: (i: number) => boolean = () => true): number {
  let same = 0, n = 0;
  for (let i = from; i < to; i++) { if (!keep(i)) continue; n++; if (found[i] === truth[i]) same++; }
  return same / Math.max(1, n);
}

describe('fitPosableModel on a capsule body', () => {
  it('recovers an A-pose body within 5 mm at every joint and labels 97% of points right', () => {
    const truth = posedTruth([0.8, 0.6], {}, 0.15);
    const s = scan(truth, 60000, 11);
    const fit = fitPosableModel(model, s.points, s.count);
    assert.ok(worstJointErrorMm(fit.posed.boneHeadM, truth) < 5, `joint error ${JSON.stringify(worstJoint(fit.posed.boneHeadM, truth))}`);
    assert.ok(fit.residualRmsMm < 4.5, `residual ${fit.residualRmsMm}`);
    assert.ok(Math.abs(fit.params.shape[0] - 0.8) < 0.1 && Math.abs(fit.params.shape[1] - 0.6) < 0.05, `shape ${fit.params.shape}`);
    assert.ok(agreement(fit.pointPart, s.truePart) > 0.97);
    assert.ok(fit.coverage > 0.75, `coverage ${fit.coverage}`);
  });

  it('finds heavy arms hanging against the torso, elbow bent, with a third of the back missing, and keeps the floor out', () => {
    // Girth +1: the upper arms press into the torso's side (contact hides the inner arm).
    const truth = posedTruth([1.0, 0.2], { upperArmLeft: [0, 0, -0.76], upperArmRight: [0, 0, 0.76], forearmLeft: [-0.2, 0, 0], forearmRight: [-0.1, 0, 0] }, -0.1);
    const backMissing = (x: number, y: number, z: number): boolean => z < -0.04 && y > 0.9 && y < 1.35 && Math.abs(x) < 0.2;
    const soles = (x: number, y: number, z: number): boolean => backMissing(x, y, z) || y < truth.posed.reduce((m, v, i) => (i % 3 === 1 ? Math.min(m, v) : m), Infinity) + 0.012;
    const s = scan(truth, 60000, 21, soles, 3000);
    const fit = fitPosableModel(model, s.points, s.count);
    // A capsule arm's twist is invisible (a cylinder), so the wrist rests on a forearm direction the
    // sunk-in upper arm leaves weakly determined: wrists within 25 mm, every other joint within 10 mm.
    const wrists = new Set(['handLeft', 'handRight']);
    const heads = fit.posed.boneHeadM.map((v, i) => (wrists.has(model.boneNames[Math.floor(i / 3)]) ? truth.jointM[i] : v));
    assert.ok(worstJointErrorMm(heads, truth) < 10, `joint error ${JSON.stringify(worstJoint(heads, truth))}`);
    assert.ok(worstJointErrorMm(fit.posed.boneHeadM, truth) < 25, `joint error ${JSON.stringify(worstJoint(fit.posed.boneHeadM, truth))}`);
    assert.ok(fit.residualRmsMm < 4.5, `residual ${fit.residualRmsMm}`);
    assert.ok(agreement(fit.pointPart, s.truePart, 0, s.floorFrom) > 0.96);
    // Arm points within 2 cm of the torso's capsule: the contact zone.
    const upperL = BODY_PARTS.indexOf('upperArmLeft'), upperR = BODY_PARTS.indexOf('upperArmRight');
    const nearTorso = (i: number): boolean => (s.truePart[i] === upperL || s.truePart[i] === upperR)
      && Math.min(capsuleDistance(truth, 0, s.points[3 * i], s.points[3 * i + 1], s.points[3 * i + 2]), capsuleDistance(truth, 1, s.points[3 * i], s.points[3 * i + 1], s.points[3 * i + 2])) < 0.02;
    assert.ok(agreement(fit.pointPart, s.truePart, 0, s.floorFrom, nearTorso) > 0.9, `contact agreement ${agreement(fit.pointPart, s.truePart, 0, s.floorFrom, nearTorso)}`);
    // Floor points far from the feet: no part.
    const farFloor = (i: number): boolean => Math.hypot(s.points[3 * i], s.points[3 * i + 2]) > 0.3;
    assert.ok(agreement(fit.pointPart, s.truePart, s.floorFrom, s.count, farFloor) > 0.99);
  });

  it('turns the body round when the capture faces -Z', () => {
    const truth = posedTruth([0.3, 0], {}, Math.PI - 0.1);
    const s = scan(truth, 40000, 31);
    const fit = fitPosableModel(model, s.points, s.count);
    assert.ok(worstJointErrorMm(fit.posed.boneHeadM, truth) < 6, `joint error ${JSON.stringify(worstJoint(fit.posed.boneHeadM, truth))}`);
    assert.ok(agreement(fit.pointPart, s.truePart) > 0.97);
  });

  it('refuses a capture of only the legs as body_incomplete, with a sentence', () => {
    const truth = posedTruth([0, 0], {}, 0);
    const s = scan(truth, 40000, 41, (_x, y) => y > 0.75);
    assert.throws(() => fitPosableModel(model, s.points, s.count), (e: unknown) => e instanceof ProcessingFailure && e.code === 'body_incomplete' && /lacks the torso/.test(e.message));
  });

  it('refuses a box of points as not a standing person', () => {
    const random = makeRandom(5);
    const n = 20000, box = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) {
      const f = Math.floor(random() * 6), a = random(), b = random();
      const p = [a, b, f % 2];
      const face = [p[(f >> 1) % 3], p[((f >> 1) + 1) % 3], p[((f >> 1) + 2) % 3]];
      box[3 * i] = (face[0] - 0.5) * 0.6; box[3 * i + 1] = face[1] * 1.6; box[3 * i + 2] = (face[2] - 0.5) * 0.6;
    }
    assert.throws(() => fitPosableModel(model, box, n), (e: unknown) => e instanceof ProcessingFailure && (e.code === 'pose_unsupported' || e.code === 'no_person_found'));
  });
});
