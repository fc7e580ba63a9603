// Checks the accuracy evaluation's MakeHuman loader (base.obj `body` group, macro targets) and the
// template-defined truth sites on the real MakeHuman data. Not part of `npm test` (a clone has no
// data set): run it with `npm run test:datasets -- --makehuman <makehuman-dir>`, which sets
// MAKEHUMAN_DIR (CI passes the data folder beside the repository).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTargetReader, readMakeHumanBase } from '../../scripts/eval-accuracy/load-makehuman.ts';
import { extractBodyMesh } from '../../scripts/eval-accuracy/body-mesh.ts';
import { applyTargets, macroTargetWeights } from '../../scripts/eval-accuracy/macro-targets.ts';
import { meshSignedVolume, meshTopology } from '../../src/processing/evaluation/mesh-metrics.ts';
import { truthSites } from '../../scripts/eval-accuracy/truth-sites.ts';
import { CIRCUMFERENCE_FIELDS } from '../../src/domain/measurements.ts';

const makehumanDir = process.env.MAKEHUMAN_DIR;
if (!makehumanDir) throw new Error('MAKEHUMAN_DIR is not set: run npm run test:datasets -- --makehuman <makehuman-dir>');

function heightM(positions: Float64Array): number {
  let min = Infinity, max = -Infinity;
  for (let i = 1; i < positions.length; i += 3) { min = Math.min(min, positions[i]); max = Math.max(max, positions[i]); }
  return max - min;
}

describe('MakeHuman loader', () => {
  const base = readMakeHumanBase(makehumanDir);
  const body = extractBodyMesh(base, base.positionsDm);

  it('keeps the body group only: 13,380 vertices, 26,756 triangles', () => {
    assert.equal(base.positionsDm.length / 3, 19158);
    assert.equal(body.positionsM.length / 3, 13380);
    assert.equal(body.triangles.length / 3, 26756);
  });

  it('is watertight: no boundary or non-manifold edge, Euler characteristic 2', () => {
    const topology = meshTopology(body.positionsM.length / 3, body.triangles);
    assert.equal(topology.boundaryEdges, 0);
    assert.equal(topology.nonManifoldEdges, 0);
    assert.equal(topology.eulerCharacteristic, 2);
  });

  it('has volume 54.90 L (±0.1%) and height 166.6 cm, in metres with feet at y = 0', () => {
    const volumeL = meshSignedVolume(body.positionsM, body.triangles) * 1000;
    assert.ok(Math.abs(volumeL - 54.9) / 54.9 < 1e-3, `volume ${volumeL} L`);
    assert.ok(Math.abs(heightM(body.positionsM) * 100 - 166.6) < 0.05, `height ${heightM(body.positionsM)} m`);
    let minY = Infinity;
    for (let i = 1; i < body.positionsM.length; i += 3) minY = Math.min(minY, body.positionsM[i]);
    assert.equal(minY, 0);
  });

  it('puts the character\'s left joints at +x', () => {
    assert.ok(body.joints.get('joint-l-knee')![0] > 0.1);
    assert.ok(body.joints.get('joint-r-knee')![0] < -0.1);
  });

  it('reproduces the README macro bodies (young female/male average: 159.0 cm 48.0 L, 173.0 cm 63.3 L)', () => {
    const readTarget = createTargetReader(makehumanDir);
    const mixed = { age: 0.5, muscle: 0.5, weight: 0.5, height: 0.5, proportions: 0.5, african: 1 / 3, asian: 1 / 3, caucasian: 1 / 3 };
    for (const [gender, cm, litres] of [[0, 159.0, 48.0], [1, 173.0, 63.3]]) {
      const morphed = extractBodyMesh(base, applyTargets(base, macroTargetWeights({ ...mixed, gender }), readTarget));
      assert.ok(Math.abs(heightM(morphed.positionsM) * 100 - cm) < 0.06, `height ${heightM(morphed.positionsM)}`);
      assert.ok(Math.abs(meshSignedVolume(morphed.positionsM, morphed.triangles) * 1000 - litres) < 0.06);
      assert.equal(meshTopology(morphed.positionsM.length / 3, morphed.triangles).boundaryEdges, 0);
    }
  });
});

describe('template-defined truth sites on the base mesh', () => {
  const base = readMakeHumanBase(makehumanDir);
  const body = extractBodyMesh(base, base.positionsDm);
  const sites = truthSites(body);
  const mm = (field: (typeof CIRCUMFERENCE_FIELDS)[number]): number => sites.get(field)!.perimeterM * 1000;

  it('cuts each limb site on its own side (left = +x) and mirrors left/right on the symmetric base mesh', () => {
    for (const stem of ['upperThigh', 'thigh', 'lowerThigh', 'calf', 'ankle', 'midArm', 'lowerArm', 'forearm', 'wrist']) {
      const left = sites.get(`${stem}LeftFit` as never)!, right = sites.get(`${stem}RightFit` as never)!;
      assert.ok(left.centerM[0] > 0.03 && right.centerM[0] < -0.03, stem);
      assert.ok(Math.abs(left.perimeterM - right.perimeterM) < 1e-4, `${stem} ${left.perimeterM} ${right.perimeterM}`);
    }
  });

  it('orders the girths like a human body (base mesh, mm)', () => {
    assert.ok(mm('waistFit') < mm('hipsFit') && mm('waistFit') < mm('chestFit'));
    assert.ok(mm('shoulderFit') > mm('chestFit'));
    assert.ok(mm('wristLeftFit') < mm('forearmLeftFit') && mm('forearmLeftFit') < mm('midArmLeftFit') + 20);
    assert.ok(mm('ankleLeftFit') < mm('calfLeftFit') && mm('calfLeftFit') < mm('thighLeftFit'));
    assert.ok(mm('thighLeftFit') < mm('upperThighLeftFit'));
    assert.ok(mm('neckFit') > 250 && mm('neckFit') < 450, `neck ${mm('neckFit')}`);
    assert.ok(mm('hipsFit') > 800 && mm('hipsFit') < 1100, `hips ${mm('hipsFit')}`);
  });
});
