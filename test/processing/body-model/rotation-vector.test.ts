import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { composeTransforms, matrixToRotationVector, rotationVectorToMatrix, transformPoint } from '../../../src/processing/body-model/rotation-vector.ts';
import { allocatePosedBody, boneWorldTransforms, loadPosableBodyModel, poseBody, standardPose, ARMS_DOWN } from '../../../src/processing/body-model/posable-body-model.ts';

describe('rotation vectors', () => {
  it('turns +X to +Y for a quarter turn about +Z (right-handed)', () => {
    const m = new Float64Array(9);
    rotationVectorToMatrix(0, 0, Math.PI / 2, m);
    const out = new Float64Array(3);
    transformPoint([m[0], m[1], m[2], 0, m[3], m[4], m[5], 0, m[6], m[7], m[8], 0], 0, 1, 0, 0, out, 0);
    assert.ok(Math.abs(out[0]) < 1e-12 && Math.abs(out[1] - 1) < 1e-12 && Math.abs(out[2]) < 1e-12);
  });

  it('gives orthonormal matrices and recovers the vector, from tiny angles to nearly half a turn', () => {
    const m = new Float64Array(9);
    const back = new Float64Array(3);
    for (const angle of [0, 1e-10, 1e-5, 0.3, 1.5, 3.0, Math.PI - 1e-4]) {
      for (const axis of [[1, 0, 0], [0, 1, 0], [0.48, -0.6, 0.64], [-0.8, 0, -0.6]]) {
        const r = axis.map((a) => a * angle);
        rotationVectorToMatrix(r[0], r[1], r[2], m);
        for (let i = 0; i < 3; i++) {
          for (let j = 0; j < 3; j++) {
            const dot = m[3 * i] * m[3 * j] + m[3 * i + 1] * m[3 * j + 1] + m[3 * i + 2] * m[3 * j + 2];
            assert.ok(Math.abs(dot - (i === j ? 1 : 0)) < 1e-12);
          }
        }
        matrixToRotationVector(m, 0, back);
        for (let c = 0; c < 3; c++) assert.ok(Math.abs(back[c] - r[c]) < 1e-6, `angle ${angle} axis ${axis}: ${[...back]} vs ${r}`);
      }
    }
  });

  it('composes transforms in application order: (a * b) x = a (b x)', () => {
    const a = new Float64Array(12);
    const b = new Float64Array(12);
    const r = new Float64Array(9);
    rotationVectorToMatrix(0.2, -0.7, 0.4, r);
    for (let i = 0; i < 3; i++) { a.set(r.subarray(3 * i, 3 * i + 3), 4 * i); a[4 * i + 3] = [0.1, 0.2, -0.3][i]; }
    rotationVectorToMatrix(-1.1, 0.3, 0.9, r);
    for (let i = 0; i < 3; i++) { b.set(r.subarray(3 * i, 3 * i + 3), 4 * i); b[4 * i + 3] = [-0.5, 0.05, 0.7][i]; }
    const ab = new Float64Array(12);
    composeTransforms(a, 0, b, 0, ab, 0);
    const bx = new Float64Array(3);
    const abx = new Float64Array(3);
    const direct = new Float64Array(3);
    transformPoint(b, 0, 0.3, 1.2, -0.4, bx, 0);
    transformPoint(a, 0, bx[0], bx[1], bx[2], abx, 0);
    transformPoint(ab, 0, 0.3, 1.2, -0.4, direct, 0);
    for (let c = 0; c < 3; c++) assert.ok(Math.abs(abx[c] - direct[c]) < 1e-12);
  });
});

describe('bone world transforms', () => {
  it('carry each bone head and tail to where poseBody puts them, and a single-bone vertex with its bone', () => {
    const model = loadPosableBodyModel();
    const params = standardPose(model, ARMS_DOWN, model.shapePresets.maleAverage);
    params.pose.set([0.1, -0.2, 0.05], 3 * model.boneNames.indexOf('spineMiddle'));
    params.rootRotation.set([0, 0.8, 0.1]);
    params.rootTranslationM.set([0.2, 0, -0.4]);
    const rest = allocatePosedBody(model);
    poseBody(model, { ...params, pose: new Float32Array(params.pose.length), rootRotation: new Float32Array(3), rootTranslationM: new Float32Array(3) }, rest);
    const posed = allocatePosedBody(model);
    const transforms = new Float64Array(12 * model.boneCount);
    poseBody(model, params, posed, transforms);
    const check = new Float64Array(12 * model.boneCount);
    boneWorldTransforms(model, params, rest.boneHeadM, check);
    assert.deepEqual(check, transforms);
    const p = new Float64Array(3);
    for (let b = 0; b < model.boneCount; b++) {
      transformPoint(transforms, 12 * b, rest.boneTailM[3 * b], rest.boneTailM[3 * b + 1], rest.boneTailM[3 * b + 2], p, 0);
      for (let c = 0; c < 3; c++) assert.ok(Math.abs(p[c] - posed.boneTailM[3 * b + c]) < 1e-6);
      // A child's head is where its parent's transform takes it (joints stay connected).
      const parent = model.boneParent[b];
      if (parent < 0) continue;
      transformPoint(transforms, 12 * parent, rest.boneHeadM[3 * b], rest.boneHeadM[3 * b + 1], rest.boneHeadM[3 * b + 2], p, 0);
      for (let c = 0; c < 3; c++) assert.ok(Math.abs(p[c] - posed.boneHeadM[3 * b + c]) < 1e-6, `bone ${model.boneNames[b]}`);
    }
    let single = 0;
    for (let v = 0; v < model.vertexCount; v++) {
      if (model.skinWeights[4 * v] < 1) continue;
      single++;
      transformPoint(transforms, 12 * model.skinBones[4 * v], rest.positionsM[3 * v], rest.positionsM[3 * v + 1], rest.positionsM[3 * v + 2], p, 0);
      for (let c = 0; c < 3; c++) assert.ok(Math.abs(p[c] - posed.positionsM[3 * v + c]) < 1e-5);
    }
    assert.ok(single > 1000, `${single} vertices on a single bone`);
  });
});
