import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allocatePosedBody, loadPosableBodyModel, zeroBodyParams } from '../../../src/processing/body-model/load-posable-model.ts';
import { shapeBody } from '../../../src/processing/body-model/shape-body.ts';
import { poseBody } from '../../../src/processing/body-model/pose-body.ts';
import { rotationVectorToMatrix } from '../../../src/processing/body-model/rotation-vector.ts';
import { BODY_PARTS, type PosableBodyModel } from '../../../src/processing/body-model/posable-model-types.ts';
import { ARMS_DOWN, standardPose } from '../../../src/processing/body-model/standard-pose.ts';
import { ASSET_STEPS, decodePosableModel, encodePosableModel } from '../../../src/processing/body-model/posable-model-codec.ts';
import { edgeUseCounts, signedVolume } from '../../support/mesh-checks.ts';

const model = loadPosableBodyModel();
const bone = (name: string): number => {
  const index = model.boneNames.indexOf(name);
  assert.ok(index >= 0, `bone ${name}`);
  return index;
};
const part = (name: (typeof BODY_PARTS)[number]): number => BODY_PARTS.indexOf(name);

function maxAbsDifference(a: Float32Array, b: Float32Array): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

function statureOf(positions: Float32Array): { minY: number; maxY: number } {
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 1; i < positions.length; i += 3) {
    minY = Math.min(minY, positions[i]);
    maxY = Math.max(maxY, positions[i]);
  }
  return { minY, maxY };
}

describe('posable body model (MakeHuman CC0, compiled asset)', () => {
  it('is a closed, consistently wound mesh: every edge on exactly two triangles, genus 0, facing out', () => {
    assert.equal(model.vertexCount, 13380);
    assert.equal(model.triangles.length / 3, 26756);
    const { undirected, directedRepeats } = edgeUseCounts(model.triangles);
    assert.deepEqual([...undirected.values()].filter((uses) => uses !== 2), []);
    assert.equal(directedRepeats, 0);
    assert.equal(model.vertexCount - undirected.size + model.triangles.length / 3, 2);
    assert.ok(signedVolume(model.meanPositionsM, model.triangles) > 0);
  });

  it('has a plausible mean adult in the rest pose: standing on y = 0, 1.6-1.8 m tall, 50-80 L', () => {
    const { minY, maxY } = statureOf(model.meanPositionsM);
    assert.ok(Math.abs(minY) < 1e-5, `feet at ${minY} m`);
    assert.ok(maxY > 1.6 && maxY < 1.8, `stature ${maxY} m`);
    const litres = signedVolume(model.meanPositionsM, model.triangles) * 1000;
    assert.ok(litres > 50 && litres < 80, `volume ${litres} L`);
  });

  it('lists parents before children and maps every bone and vertex to a body part', () => {
    assert.equal(model.boneParent[0], -1);
    for (let b = 1; b < model.boneCount; b++) assert.ok(model.boneParent[b] >= 0 && model.boneParent[b] < b);
    for (const p of model.vertexPart) assert.ok(p < BODY_PARTS.length);
    for (const p of model.bonePart) assert.ok(p < BODY_PARTS.length);
    for (let p = 0; p < BODY_PARTS.length; p++) assert.ok(model.vertexPart.includes(p), `no vertex labelled ${BODY_PARTS[p]}`);
    assert.equal(model.bonePart[bone('upperArmLeft')], part('upperArmLeft'));
    assert.equal(model.bonePart[bone('clavicleLeft')], part('torso'));
    assert.equal(model.bonePart[bone('neck')], part('head'));
  });

  it('has skin weights that sum to 1 on every vertex, each on a real bone', () => {
    for (let v = 0; v < model.vertexCount; v++) {
      let sum = 0;
      for (let j = 0; j < 4; j++) {
        sum += model.skinWeights[4 * v + j];
        assert.ok(model.skinWeights[4 * v + j] >= 0);
        assert.ok(model.skinBones[4 * v + j] < model.boneCount);
      }
      assert.ok(Math.abs(sum - 1) < 1e-6, `vertex ${v} weights sum to ${sum}`);
    }
  });

  it('gives the rest shape exactly for the zero pose', () => {
    const params = zeroBodyParams(model);
    params.shape[0] = 0.7;
    params.shape[3] = -1.2;
    const rest = allocatePosedBody(model);
    shapeBody(model, params.shape, rest);
    const posed = allocatePosedBody(model);
    poseBody(model, params, posed);
    assert.equal(maxAbsDifference(rest.positionsM, posed.positionsM), 0);
    assert.equal(maxAbsDifference(rest.boneHeadM, posed.boneHeadM), 0);
    assert.equal(maxAbsDifference(rest.boneTailM, posed.boneTailM), 0);
  });

  it('turns every vertex rigidly for a root rotation alone', () => {
    const params = zeroBodyParams(model);
    params.rootRotation.set([0.3, -1.1, 0.2]);
    params.rootTranslationM.set([0.5, -0.2, 1.5]);
    const rest = allocatePosedBody(model);
    shapeBody(model, params.shape, rest);
    const posed = allocatePosedBody(model);
    poseBody(model, params, posed);
    const r = new Float64Array(9);
    rotationVectorToMatrix(0.3, -1.1, 0.2, r);
    let worst = 0;
    for (let v = 0; v < model.vertexCount; v++) {
      const [x, y, z] = rest.positionsM.subarray(3 * v, 3 * v + 3);
      for (let c = 0; c < 3; c++) {
        const expected = r[3 * c] * x + r[3 * c + 1] * y + r[3 * c + 2] * z + params.rootTranslationM[c];
        worst = Math.max(worst, Math.abs(posed.positionsM[3 * v + c] - expected));
      }
    }
    assert.ok(worst < 1e-5, `rigid motion off by ${worst} m`);
  });

  it('moves the left hand and not the right when the left upper arm turns', () => {
    const params = zeroBodyParams(model);
    params.pose[3 * bone('upperArmLeft') + 2] = -0.6; // about +Z: the left arm swings down
    const rest = allocatePosedBody(model);
    shapeBody(model, params.shape, rest);
    const posed = allocatePosedBody(model);
    poseBody(model, params, posed);
    let leftHandMoved = Infinity;
    let rightHandMoved = 0;
    for (let v = 0; v < model.vertexCount; v++) {
      const moved = Math.hypot(posed.positionsM[3 * v] - rest.positionsM[3 * v], posed.positionsM[3 * v + 1] - rest.positionsM[3 * v + 1], posed.positionsM[3 * v + 2] - rest.positionsM[3 * v + 2]);
      if (model.vertexPart[v] === part('handLeft')) leftHandMoved = Math.min(leftHandMoved, moved);
      if (model.vertexPart[v] === part('handRight')) rightHandMoved = Math.max(rightHandMoved, moved);
    }
    assert.ok(leftHandMoved > 0.1, `left hand moved only ${leftHandMoved} m`);
    assert.equal(rightHandMoved, 0);
    const wrist = bone('handLeft');
    assert.ok(posed.boneHeadM[3 * wrist + 1] < rest.boneHeadM[3 * wrist + 1] - 0.1, 'the left wrist went down');
  });

  it('moves the joints with the shape: a taller body has a higher head joint and longer legs', () => {
    const rest = allocatePosedBody(model);
    shapeBody(model, [], rest);
    const meanStature = statureOf(rest.positionsM).maxY;
    const meanHead = rest.boneHeadM[3 * bone('head') + 1];
    const meanKnee = rest.boneHeadM[3 * bone('shinLeft') + 1];
    // The principal component that changes stature most, signed to make the body taller.
    let best = { k: 0, gain: 0 };
    for (let k = 0; k < model.principalShapeCount; k++) {
      const shape = new Float32Array(model.shapeCount);
      shape[k] = 1;
      shapeBody(model, shape, rest);
      const gain = statureOf(rest.positionsM).maxY - meanStature;
      if (Math.abs(gain) > Math.abs(best.gain)) best = { k, gain };
    }
    const shape = new Float32Array(model.shapeCount);
    shape[best.k] = 2 * Math.sign(best.gain);
    shapeBody(model, shape, rest);
    const taller = statureOf(rest.positionsM).maxY - meanStature;
    assert.ok(taller > 0.05, `2 SD of the stature component adds ${taller} m`);
    assert.ok(Math.abs(statureOf(rest.positionsM).minY) < 0.01, 'still standing on the floor');
    const headRise = rest.boneHeadM[3 * bone('head') + 1] - meanHead;
    assert.ok(headRise > 0.7 * taller && headRise < 1.3 * taller, `head joint rose ${headRise} m for ${taller} m of stature`);
    assert.ok(rest.boneHeadM[3 * bone('shinLeft') + 1] > meanKnee, 'the knee rose too');
  });
});

/**
 * Horizontal clearance (m) between the left arm part's vertices within 1 cm of height `yM` and the
 * torso's outermost (+X) vertex at the same height and depth; negative where the arm is inside.
 */
function leftArmClearanceM(positions: Float32Array, armPart: number, yM: number): number {
  const torso = part('torso');
  let clearance = Infinity;
  for (let v = 0; v < model.vertexCount; v++) {
    if (model.vertexPart[v] !== armPart || Math.abs(positions[3 * v + 1] - yM) > 0.01) continue;
    let torsoSide = -Infinity;
    for (let t = 0; t < model.vertexCount; t++) {
      if (model.vertexPart[t] !== torso) continue;
      if (Math.abs(positions[3 * t + 1] - positions[3 * v + 1]) < 0.015 && Math.abs(positions[3 * t + 2] - positions[3 * v + 2]) < 0.015) {
        torsoSide = Math.max(torsoSide, positions[3 * t]);
      }
    }
    if (torsoSide > -Infinity) clearance = Math.min(clearance, positions[3 * v] - torsoSide);
  }
  return clearance;
}

describe('standard poses', () => {
  it('brings the arms down against the torso without moving the torso', () => {
    const rest = allocatePosedBody(model);
    shapeBody(model, [], rest);
    const posed = allocatePosedBody(model);
    poseBody(model, standardPose(model, ARMS_DOWN), posed);
    const midLevel = (from: number, to: number, body: typeof rest): number => (body.boneHeadM[3 * from + 1] + body.boneHeadM[3 * to + 1]) / 2;
    const upperArmRest = leftArmClearanceM(rest.positionsM, part('upperArmLeft'), midLevel(bone('upperArmLeft'), bone('forearmLeft'), rest));
    const upperArmDown = leftArmClearanceM(posed.positionsM, part('upperArmLeft'), midLevel(bone('upperArmLeft'), bone('forearmLeft'), posed));
    const forearmRest = leftArmClearanceM(rest.positionsM, part('forearmLeft'), midLevel(bone('forearmLeft'), bone('handLeft'), rest));
    const forearmDown = leftArmClearanceM(posed.positionsM, part('forearmLeft'), midLevel(bone('forearmLeft'), bone('handLeft'), posed));
    assert.ok(Math.abs(upperArmDown) < 0.01, `mid upper arm ${upperArmDown} m from the chest wall (rest: ${upperArmRest} m)`);
    assert.ok(forearmDown < 0.1 && forearmDown < forearmRest - 0.1, `forearm ${forearmDown} m from the torso (rest: ${forearmRest} m)`);
    // Vertices skinned to torso, head and leg bones only stay exactly where they were.
    const armBones = new Set(['clavicle', 'upperArm', 'forearm', 'hand'].flatMap((stem) => [bone(`${stem}Left`), bone(`${stem}Right`)]));
    const legBones = new Set(['thigh', 'shin', 'foot'].flatMap((stem) => [bone(`${stem}Left`), bone(`${stem}Right`)]));
    let checked = 0;
    for (let v = 0; v < model.vertexCount; v++) {
      let moved = false;
      for (let j = 0; j < 4; j++) if (model.skinWeights[4 * v + j] > 0 && (armBones.has(model.skinBones[4 * v + j]) || legBones.has(model.skinBones[4 * v + j]))) moved = true;
      if (moved) continue;
      checked++;
      for (let c = 0; c < 3; c++) assert.equal(posed.positionsM[3 * v + c], rest.positionsM[3 * v + c]);
    }
    assert.ok(checked > 4000, `${checked} torso and head vertices checked`);
  });

  it('sets the stated angles: upper arm below horizontal, elbow bend, thigh from vertical', () => {
    const posed = allocatePosedBody(model);
    poseBody(model, standardPose(model, { armsDownDeg: 60, elbowBendDeg: 20, legsApartDeg: 8 }), posed);
    const direction = (b: number): number[] => [0, 1, 2].map((c) => posed.boneTailM[3 * b + c] - posed.boneHeadM[3 * b + c]);
    const deg = (radians: number): number => (radians * 180) / Math.PI;
    for (const [side, outward] of [['Left', 1], ['Right', -1]] as const) {
      const u = direction(bone(`upperArm${side}`));
      const f = direction(bone(`forearm${side}`));
      const t = direction(bone(`thigh${side}`));
      assert.ok(Math.abs(deg(Math.atan2(-u[1], outward * u[0])) - 60) < 0.5, `${side} upper arm`);
      const bend = deg(Math.acos((u[0] * f[0] + u[1] * f[1] + u[2] * f[2]) / (Math.hypot(...u) * Math.hypot(...f))));
      assert.ok(Math.abs(bend - 20) < 0.5, `${side} elbow bend ${bend}`);
      assert.ok(Math.abs(deg(Math.atan2(outward * t[0], -t[1])) - 8) < 0.5, `${side} thigh`);
    }
  });
});

describe('compiled asset', () => {
  it('decodes onto the stated quantisation grid (the build checks the grid is within half a step of its floats)', () => {
    // Each decoded value is an integer number of steps, up to float32 rounding.
    const offGrid = (values: Float32Array, step: number): number => {
      let worst = 0;
      for (const value of values) worst = Math.max(worst, Math.abs(value - Math.round(value / step) * step));
      return worst;
    };
    assert.ok(offGrid(model.meanPositionsM, ASSET_STEPS.positionM) < 2.5e-7);
    assert.ok(offGrid(model.shapeBasisM, ASSET_STEPS.basisM) < 1e-8);
    assert.ok(offGrid(model.boneHeadBasisM, ASSET_STEPS.positionM) < 1e-8);
  });

  it('round-trips through the codec: encoding a model and decoding it gives it back on the grid', () => {
    const small: PosableBodyModel = {
      ...model,
      shapeCount: 2,
      shapeNames: model.shapeNames.slice(0, 2),
      shapeBasisM: model.shapeBasisM.slice(0, 2 * 3 * model.vertexCount),
      boneHeadBasisM: model.boneHeadBasisM.slice(0, 2 * 3 * model.boneCount),
      boneTailBasisM: model.boneTailBasisM.slice(0, 2 * 3 * model.boneCount),
    };
    const again = decodePosableModel(encodePosableModel(small, ASSET_STEPS, 1));
    assert.ok(maxAbsDifference(again.meanPositionsM, small.meanPositionsM) <= ASSET_STEPS.positionM / 2);
    assert.ok(maxAbsDifference(again.shapeBasisM, small.shapeBasisM) <= ASSET_STEPS.basisM / 2);
    assert.ok(maxAbsDifference(again.skinWeights, small.skinWeights) <= 2 * ASSET_STEPS.weight);
    assert.deepEqual(again.triangles, small.triangles);
    assert.deepEqual(again.skinBones, small.skinBones);
    assert.deepEqual(again.vertexPart, small.vertexPart);
    assert.deepEqual(again.boneParent, small.boneParent);
    assert.deepEqual(again.shapePresets.femaleAverage, small.shapePresets.femaleAverage);
  });

  it('has a principal population part and named measure components', () => {
    assert.ok(model.principalShapeCount >= 16 && model.principalShapeCount < model.shapeCount);
    assert.equal(model.shapeNames.length, model.shapeCount);
    for (const name of ['waistGirth', 'hipGirth', 'neckGirth', 'thighGirth', 'upperArmGirth']) assert.ok(model.shapeNames.includes(name), name);
  });

  it('grows the waist with the waistGirth component and leaves the feet and head alone', () => {
    const k = model.shapeNames.indexOf('waistGirth');
    const rest = allocatePosedBody(model);
    shapeBody(model, [], rest);
    const grown = allocatePosedBody(model);
    const shape = new Float32Array(model.shapeCount);
    shape[k] = 1;
    shapeBody(model, shape, grown);
    const waistY = rest.boneHeadM[3 * bone('spineMiddle') + 1];
    let waistGrowth = 0;
    let headMoved = 0;
    for (let v = 0; v < model.vertexCount; v++) {
      const radial = (p: Float32Array): number => Math.hypot(p[3 * v], p[3 * v + 2]);
      if (model.vertexPart[v] === part('torso') && Math.abs(rest.positionsM[3 * v + 1] - waistY) < 0.03) waistGrowth = Math.max(waistGrowth, radial(grown.positionsM) - radial(rest.positionsM));
      if (model.vertexPart[v] === part('head')) headMoved = Math.max(headMoved, Math.abs(grown.positionsM[3 * v + 1] - rest.positionsM[3 * v + 1]));
    }
    assert.ok(waistGrowth > 0.005, `waist grew ${waistGrowth} m`);
    assert.ok(headMoved < 0.005, `head moved ${headMoved} m`);
  });
});

describe('shape presets', () => {
  it('reproduces MakeHuman adults: the average man taller than the average woman, heavy bodies larger', () => {
    const body = allocatePosedBody(model);
    const measure = (name: string): { statureM: number; litres: number } => {
      shapeBody(model, model.shapePresets[name], body);
      return { statureM: statureOf(body.positionsM).maxY, litres: signedVolume(body.positionsM, model.triangles) * 1000 };
    };
    const woman = measure('femaleAverage');
    const man = measure('maleAverage');
    // MakeHuman's README: young female average 159.0 cm / 48.0 L, young male average 173.0 cm / 63.3 L.
    assert.ok(Math.abs(woman.statureM - 1.59) < 0.01 && Math.abs(woman.litres - 48) < 1.5, JSON.stringify(woman));
    assert.ok(Math.abs(man.statureM - 1.73) < 0.01 && Math.abs(man.litres - 63.3) < 1.5, JSON.stringify(man));
    // Volume-BMI (1 kg/L) of MakeHuman's bodies: heavy (muscle 0.25, weight 1) ~27 / ~31, obese
    // (muscle 0, weight 1.15) ~37 / ~46 for women / men.
    const bmi = (name: string): number => { const m = measure(name); return m.litres / m.statureM ** 2; };
    assert.ok(bmi('femaleHeavy') > 25 && bmi('maleHeavy') > 28, `heavy ${bmi('femaleHeavy')} ${bmi('maleHeavy')}`);
    assert.ok(bmi('femaleObese') > 34 && bmi('maleObese') > 42, `obese ${bmi('femaleObese')} ${bmi('maleObese')}`);
  });
});

describe('symmetry', () => {
  it('is its own mirror image: every vertex has a partner across x = 0 with the mirrored part, weights and shape motion', () => {
    const positions = model.meanPositionsM;
    const V = model.vertexCount;
    const cell = (x: number, y: number, z: number): string => `${Math.round(x * 200)},${Math.round(y * 200)},${Math.round(z * 200)}`;
    const grid = new Map<string, number[]>();
    for (let v = 0; v < V; v++) {
      const key = cell(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
      grid.set(key, [...(grid.get(key) ?? []), v]);
    }
    const mirrorName = (name: string): string => name.endsWith('Left') ? name.replace(/Left$/, 'Right') : name.replace(/Right$/, 'Left');
    const mirrorBone = model.boneNames.map((name) => model.boneNames.indexOf(mirrorName(name)));
    let worstPositionM = 0;
    let worstShapeM = 0;
    const sampleComponents = [0, 1, 5, model.shapeNames.indexOf('upperArmGirth')];
    for (let v = 0; v < V; v++) {
      const [x, y, z] = [-positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]];
      let partner = -1;
      let distance = Infinity;
      const [cx, cy, cz] = cell(x, y, z).split(',').map(Number);
      for (let a = -1; a <= 1; a++) for (let b = -1; b <= 1; b++) for (let c = -1; c <= 1; c++) {
        for (const u of grid.get(`${cx + a},${cy + b},${cz + c}`) ?? []) {
          const d = Math.hypot(positions[3 * u] - x, positions[3 * u + 1] - y, positions[3 * u + 2] - z);
          if (d < distance) { distance = d; partner = u; }
        }
      }
      worstPositionM = Math.max(worstPositionM, distance);
      assert.equal(BODY_PARTS[model.vertexPart[partner]], mirrorName(BODY_PARTS[model.vertexPart[v]]));
      const weightOn = (vertex: number, boneIndex: number): number => {
        let w = 0;
        for (let j = 0; j < 4; j++) if (model.skinBones[4 * vertex + j] === boneIndex) w += model.skinWeights[4 * vertex + j];
        return w;
      };
      for (let j = 0; j < 4; j++) {
        const w = model.skinWeights[4 * v + j];
        if (w > 0) assert.ok(Math.abs(weightOn(partner, mirrorBone[model.skinBones[4 * v + j]]) - w) < 0.01, `vertex ${v} weight`);
      }
      for (const k of sampleComponents) {
        const o = k * 3 * V;
        const basis = model.shapeBasisM;
        worstShapeM = Math.max(worstShapeM, Math.hypot(basis[o + 3 * v] + basis[o + 3 * partner], basis[o + 3 * v + 1] - basis[o + 3 * partner + 1], basis[o + 3 * v + 2] - basis[o + 3 * partner + 2]));
      }
    }
    assert.ok(worstPositionM < 1e-4, `mean body mirrored within ${worstPositionM} m`);
    assert.ok(worstShapeM < 1e-3, `shape components mirrored within ${worstShapeM} m per unit`);
  });
});
