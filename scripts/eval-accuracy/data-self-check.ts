// Checks of the MakeHuman data and of the evaluation's reading of it, run by the evaluation
// command before anything is measured (the data is not in the repository, so these are not
// tests: `npm test` must pass on a clean clone). Each failed check is one sentence.
import type { MakeHumanBase, MorphTarget } from './load-makehuman.ts';
import { extractBodyMesh, type BodyMesh } from './body-mesh.ts';
import { applyTargets, macroTargetWeights } from './macro-targets.ts';
import type { MakeHumanRig } from './makehuman-rig.ts';
import { isArmBone } from './makehuman-rig.ts';
import { truthSites } from './truth-sites.ts';
import { meshSignedVolume, meshTopology } from '../../src/processing/evaluation/mesh-metrics.ts';
import type { CircumferenceField } from '../../src/domain/measurements.ts';

function heightM(positions: Float64Array): number {
  let min = Infinity, max = -Infinity;
  for (let i = 1; i < positions.length; i += 3) { min = Math.min(min, positions[i]); max = Math.max(max, positions[i]); }
  return max - min;
}

export interface SelfCheck { name: string; ok: boolean; detail: string }

export function dataSelfCheck(base: MakeHumanBase, readTarget: (path: string) => MorphTarget, rig: MakeHumanRig): SelfCheck[] {
  const checks: SelfCheck[] = [];
  const check = (name: string, ok: boolean, detail: string): void => { checks.push({ name, ok, detail }); };
  const body: BodyMesh = extractBodyMesh(base, base.positionsDm);
  check('base.obj has 19,158 vertices; the body group 13,380 vertices and 26,756 triangles',
    base.positionsDm.length / 3 === 19158 && body.positionsM.length / 3 === 13380 && body.triangles.length / 3 === 26756,
    `${base.positionsDm.length / 3} / ${body.positionsM.length / 3} / ${body.triangles.length / 3}`);
  const topology = meshTopology(body.positionsM.length / 3, body.triangles);
  check('the body is watertight (no boundary or non-manifold edge, Euler characteristic 2)',
    topology.boundaryEdges === 0 && topology.nonManifoldEdges === 0 && topology.eulerCharacteristic === 2,
    `boundary ${topology.boundaryEdges}, non-manifold ${topology.nonManifoldEdges}, Euler ${topology.eulerCharacteristic}`);
  const volumeL = meshSignedVolume(body.positionsM, body.triangles) * 1000;
  check('the base body has 54.90 L (0.1 %) and 166.6 cm, feet at y = 0', Math.abs(volumeL - 54.9) / 54.9 < 1e-3 && Math.abs(heightM(body.positionsM) * 100 - 166.6) < 0.05,
    `${volumeL.toFixed(2)} L, ${(heightM(body.positionsM) * 100).toFixed(2)} cm`);
  check('the character\'s left is +x', body.joints.get('joint-l-knee')![0] > 0.1 && body.joints.get('joint-r-knee')![0] < -0.1, 'knee joints');
  const mixed = { age: 0.5, muscle: 0.5, weight: 0.5, height: 0.5, proportions: 0.5, african: 1 / 3, asian: 1 / 3, caucasian: 1 / 3 };
  for (const [gender, cm, litres] of [[0, 159.0, 48.0], [1, 173.0, 63.3]]) {
    const morphed = extractBodyMesh(base, applyTargets(base, macroTargetWeights({ ...mixed, gender }), readTarget));
    const h = heightM(morphed.positionsM) * 100, v = meshSignedVolume(morphed.positionsM, morphed.triangles) * 1000;
    check(`the README's young ${gender ? 'male' : 'female'} average body: ${cm} cm, ${litres} L`, Math.abs(h - cm) < 0.06 && Math.abs(v - litres) < 0.06, `${h.toFixed(2)} cm, ${v.toFixed(2)} L`);
  }
  const sites = truthSites(body);
  const mm = (field: CircumferenceField): number => sites.get(field)!.perimeterM * 1000;
  let mirrored = true, sided = true;
  for (const stem of ['upperThigh', 'thigh', 'lowerThigh', 'calf', 'ankle', 'midArm', 'lowerArm', 'forearm', 'wrist']) {
    const left = sites.get(`${stem}LeftFit` as CircumferenceField)!, right = sites.get(`${stem}RightFit` as CircumferenceField)!;
    sided &&= left.centerM[0] > 0.03 && right.centerM[0] < -0.03;
    mirrored &&= Math.abs(left.perimeterM - right.perimeterM) < 1e-4;
  }
  check('limb truth sites lie on their own side and mirror left/right on the symmetric base body', sided && mirrored, `sided ${sided}, mirrored ${mirrored}`);
  check('truth girths order like a human body (waist < hips, chest; shoulders > chest; wrist < forearm; ankle < calf < thigh < upper thigh; neck 250-450 mm; hips 800-1100 mm)',
    mm('waistFit') < mm('hipsFit') && mm('waistFit') < mm('chestFit') && mm('shoulderFit') > mm('chestFit')
    && mm('wristLeftFit') < mm('forearmLeftFit') && mm('forearmLeftFit') < mm('midArmLeftFit') + 20
    && mm('ankleLeftFit') < mm('calfLeftFit') && mm('calfLeftFit') < mm('thighLeftFit') && mm('thighLeftFit') < mm('upperThighLeftFit')
    && mm('neckFit') > 250 && mm('neckFit') < 450 && mm('hipsFit') > 800 && mm('hipsFit') < 1100,
    `waist ${mm('waistFit').toFixed(0)}, hips ${mm('hipsFit').toFixed(0)}, chest ${mm('chestFit').toFixed(0)}, neck ${mm('neckFit').toFixed(0)}`);
  // The rig: every base vertex weighted; arm labels on both sides; the default skeleton's size.
  let unweighted = 0;
  for (let v = 0; v < base.positionsDm.length / 3; v++) if (rig.offsets[v + 1] === rig.offsets[v]) unweighted++;
  check('default.mhskel has 163 bones and every base.obj vertex has a skin weight', rig.bones.length === 163 && unweighted === 0, `${rig.bones.length} bones, ${unweighted} unweighted`);
  let armLeft = 0, armRight = 0;
  for (const g of base.bodyVertexGlobal) {
    const name = rig.bones[rig.dominantBone[g]].name;
    if (isArmBone(name)) { if (name.endsWith('.L')) armLeft++; else armRight++; }
  }
  check('arm-labelled skin is mirror-symmetric (same vertex count each side, 1,500-3,000)', armLeft === armRight && armLeft > 1500 && armLeft < 3000, `left ${armLeft}, right ${armRight}`);
  return checks;
}
