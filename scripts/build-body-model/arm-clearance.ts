// The arm-torso clearance table of docs/body-model.md: for the mean body and each shape preset,
// posed by standardPose at several armsDownDeg (elbow 10, legs 3), the sideways gap (mm) between
// the left upper arm and the chest wall at the arm bone's mid-height: for each upper-arm vertex
// within 1 cm of that height, its x minus the outermost torso vertex's x within 1.5 cm of its
// height and depth; the smallest over those vertices (negative: the arm is inside the torso).
// Usage: node scripts/build-body-model/arm-clearance.ts
import {
  BODY_PARTS, allocatePosedBody, loadPosableBodyModel, poseBody, standardPose,
} from '../../src/processing/body-model/posable-body-model.ts';

const model = loadPosableBodyModel();
const torso = BODY_PARTS.indexOf('torso');
const upperArm = BODY_PARTS.indexOf('upperArmLeft');
const shoulder = model.boneNames.indexOf('upperArmLeft');
const elbow = model.boneNames.indexOf('forearmLeft');

function clearanceMm(positions: Float32Array, yM: number): number {
  let clearance = Infinity;
  for (let v = 0; v < model.vertexCount; v++) {
    if (model.vertexPart[v] !== upperArm || Math.abs(positions[3 * v + 1] - yM) > 0.01) continue;
    let side = -Infinity;
    for (let t = 0; t < model.vertexCount; t++) {
      if (model.vertexPart[t] !== torso) continue;
      if (Math.abs(positions[3 * t + 1] - positions[3 * v + 1]) < 0.015 && Math.abs(positions[3 * t + 2] - positions[3 * v + 2]) < 0.015) side = Math.max(side, positions[3 * t]);
    }
    if (side > -Infinity) clearance = Math.min(clearance, positions[3 * v] - side);
  }
  return clearance * 1000;
}

const angles = [60, 65, 70, 72, 75, 80];
console.log(`| arms down | ${angles.map((a) => `${a}°`).join(' | ')} |`);
console.log(`|---|${angles.map(() => '---').join('|')}|`);
const body = allocatePosedBody(model);
for (const name of ['mean body', ...Object.keys(model.shapePresets)]) {
  const shape = name === 'mean body' ? new Float32Array(model.shapeCount) : model.shapePresets[name];
  const cells = angles.map((armsDownDeg) => {
    poseBody(model, standardPose(model, { armsDownDeg, elbowBendDeg: 10, legsApartDeg: 3 }, shape), body);
    const midY = (body.boneHeadM[3 * shoulder + 1] + body.boneHeadM[3 * elbow + 1]) / 2;
    return clearanceMm(body.positionsM, midY).toFixed(0);
  });
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
