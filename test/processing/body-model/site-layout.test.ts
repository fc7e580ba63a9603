import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ARM_STATIONS, TORSO_STATIONS } from '../../../src/processing/body-model/body-template.ts';
import { cloneParams, REFERENCE_PARAMS } from '../../../src/processing/body-model/body-params.ts';
import { generateBody, limbStationFrame } from '../../../src/processing/body-model/generate-body.ts';
import { fitBodyModel } from '../../../src/processing/body-model/fit-body-model.ts';
import { canonicalBody, canonicalParams, modelTapeGirthsM } from '../../../src/processing/body-model/canonical-body.ts';
import { torsoLayout } from '../../../src/processing/body-model/torso-layout.ts';
import { syntheticMeasurement, variedParams } from '../../support/synthetic-measurement.ts';

describe('body model site layout', () => {
  it('is the template without site fractions', () => {
    const layout = torsoLayout(REFERENCE_PARAMS);
    TORSO_STATIONS.forEach((station, level) => {
      assert.ok(Math.abs(layout.fractions[level] - station.fraction) < 1e-12);
      assert.equal(layout.siteOfLevel[level], station.site);
    });
  });

  it('puts sites measured in another vertical order on their own heights, rings still in order', () => {
    const params = cloneParams(REFERENCE_PARAMS);
    // Stomach above the navel waist, upper chest below the chest (both seen on real scans).
    params.siteFractions = { stomachFit: 0.35, waistNavyFit: 0.30, chestFit: 0.66, upperChestFit: 0.62 };
    const layout = torsoLayout(params);
    for (const [field, fraction] of Object.entries(params.siteFractions)) {
      assert.ok(Math.abs(layout.fractions[layout.levelOfSite.get(field as never)!] - fraction) < 1e-12, field);
    }
    for (let level = 1; level < TORSO_STATIONS.length; level++) {
      if (TORSO_STATIONS[level].part === TORSO_STATIONS[level - 1].part) assert.ok(layout.fractions[level] > layout.fractions[level - 1]);
    }
    const mesh = generateBody(params);
    assert.ok(mesh.positionsM.every(Number.isFinite));
    const girths = modelTapeGirthsM(params, mesh);
    for (const field of ['stomachFit', 'waistNavyFit', 'chestFit', 'upperChestFit'] as const) {
      assert.ok(Math.abs(girths[field]! - params.girthsM[field]) < 0.002, field);
    }
  });

  it('fits a bent-arm body with a tilted neck tape: residual and canonical girths within 2 mm', () => {
    const body = variedParams();
    body.pose = { ...body.pose, armFlexionDeg: 15, forearmAbductionDeg: 35, forearmFlexionDeg: 45 };
    body.lengths.shoulderForwardM = -0.02;
    body.siteTiltsDeg = { neckFit: 20 };
    const measurement = syntheticMeasurement(body);
    const elbow = ARM_STATIONS.find((station) => station.name === 'elbow')!;
    measurement.landmarks = {
      elbowLeft: limbStationFrame(body, 'arm', 0, elbow).centerM,
      elbowRight: limbStationFrame(body, 'arm', 1, elbow).centerM,
    };
    const fit = fitBodyModel(measurement);
    assert.ok(Math.abs(fit.params.pose.forearmFlexionDeg! - 45) < 1, `forearm flexion ${fit.params.pose.forearmFlexionDeg}`);
    assert.ok(Math.abs(fit.params.pose.armFlexionDeg! - 15) < 1, `arm flexion ${fit.params.pose.armFlexionDeg}`);
    for (const [field, error] of Object.entries(fit.fitErrorMmBySite)) assert.ok(Math.abs(error!) < 2, `${field} ${error}`);
    const canonical = canonicalParams(fit.params);
    assert.equal(canonical.pose.forearmFlexionDeg, undefined);
    const girths = modelTapeGirthsM(canonical, canonicalBody(fit.params));
    for (const field of ['neckFit', 'lowerArmLeftFit', 'forearmRightFit', 'wristLeftFit', 'shoulderFit'] as const) {
      assert.ok(Math.abs(girths[field]! - measurement.measurements[field]) < 0.002, `${field} ${(girths[field]! - measurement.measurements[field]) * 1000} mm`);
    }
  });
});
