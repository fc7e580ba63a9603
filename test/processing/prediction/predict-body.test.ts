import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MEASUREMENT_FIELDS, type Measurements } from '../../../src/domain/measurements.ts';
import type { PersonAtScan } from '../../../src/domain/body-composition.ts';
import { computeBodyfat } from '../../../src/processing/body-composition/compute-bodyfat.ts';
import { predictBody } from '../../../src/processing/prediction/predict-body.ts';
import { PredictionInputError } from '../../../src/processing/prediction/prediction-error.ts';

const person: PersonAtScan = { sex: 'male', ageYears: 40, heightM: 1.78, weightKg: 90 };
const measurements: Measurements = {
  neckFit: 0.4, shoulderFit: 1.2, upperChestFit: 1.05, chestFit: 1.06, lowerChestFit: 0.98, waistFit: 0.94,
  waistNavyFit: 0.98, stomachFit: 1.0, hipsFit: 1.04, upperThighLeftFit: 0.6, upperThighRightFit: 0.6,
  thighLeftFit: 0.54, thighRightFit: 0.54, lowerThighLeftFit: 0.42, lowerThighRightFit: 0.42, calfLeftFit: 0.39,
  calfRightFit: 0.39, ankleLeftFit: 0.23, ankleRightFit: 0.23, midArmRightFit: 0.33, midArmLeftFit: 0.33,
  lowerArmRightFit: 0.29, lowerArmLeftFit: 0.29, waistToHipRatio: 0.94 / 1.04, forearmLeftFit: 0.29,
  forearmRightFit: 0.29, wristLeftFit: 0.175, wristRightFit: 0.175, bmiPredicted: 28.4, bmiConfidence: 0.8,
  bodyRoundnessIndex: 4.5, fullBodyVolume: 0.088,
};
const bodyfat = computeBodyfat('coco2', person, measurements);
const base = { person, measurements, bodyfat };

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof PredictionInputError, `expected PredictionInputError, got ${error}`);
    return error.message;
  }
  assert.fail('expected a PredictionInputError');
}

describe('predictBody', () => {
  it('changes nothing when the target is the current weight', () => {
    const result = predictBody({ ...base, predictionType: 'weight_loss', targetWeightKg: 90 });
    assert.equal(result.predictedWeightKg, 90);
    for (const field of MEASUREMENT_FIELDS) assert.ok(Math.abs(result.measurements[field] - measurements[field]) < 1e-12, field);
    assert.ok(Math.abs(result.composition.fatMass! - bodyfat.fatMass!) < 1e-9);
    assert.ok(Math.abs(result.composition.vatMass! - bodyfat.vatMass!) < 1e-12);
  });

  it('changes nothing when the target body fat is the current one', () => {
    const result = predictBody({ ...base, predictionType: 'weight_gain', targetBodyfatPercent: bodyfat.bodyfatPercentage! });
    assert.equal(result.predictedWeightKg, 90);
  });

  it('returns all 32 measurement fields and every composition field', () => {
    const result = predictBody({ ...base, predictionType: 'weight_loss', targetWeightKg: 80 });
    assert.deepEqual(Object.keys(result.measurements).sort(), [...MEASUREMENT_FIELDS].sort());
    for (const value of Object.values(result.composition)) assert.notEqual(value, null);
  });

  it('splits the loss by Forbes/Hall and shrinks girths monotonically with the target weight', () => {
    const targets = [88, 84, 80, 76];
    const results = targets.map((t) => predictBody({ ...base, predictionType: 'weight_loss', targetWeightKg: t }));
    for (let i = 1; i < results.length; i++) {
      assert.ok(results[i].measurements.waistFit < results[i - 1].measurements.waistFit);
      assert.ok(results[i].composition.fatMass! < results[i - 1].composition.fatMass!);
      assert.ok(results[i].composition.bodyfatPercentage! < results[i - 1].composition.bodyfatPercentage!);
    }
    const share = results[2].change.fatShareOfChange!;
    assert.ok(share > 0.6 && share < 0.8, `fat share ${share}`);
  });

  it('moves the waist by about the ANSUR slope (0.76 cm/kg for men) per kg when the fat share is typical', () => {
    const result = predictBody({ ...base, predictionType: 'weight_loss', targetWeightKg: 89 });
    const perKg = (measurements.waistFit - result.measurements.waistFit) * 100;
    assert.ok(perKg > 0.6 && perKg < 1.0, `${perKg} cm/kg`);
  });

  it('scales VAT with fat mass to the power 1.3', () => {
    const result = predictBody({ ...base, predictionType: 'weight_loss', targetWeightKg: 80 });
    const expected = bodyfat.vatMass! * (result.composition.fatMass! / bodyfat.fatMass!) ** 1.3;
    assert.ok(Math.abs(result.composition.vatMass! - expected) < 1e-12);
  });

  it('reaches a target body fat on the same curve', () => {
    const result = predictBody({ ...base, predictionType: 'weight_loss', targetBodyfatPercent: 20 });
    assert.ok(Math.abs(result.composition.bodyfatPercentage! - 20) < 1e-6);
    assert.ok(result.predictedWeightKg < 90);
  });

  it('lowers predicted weight monotonically as the target body fat falls', () => {
    const weights = [24, 22, 20, 18].map((t) => predictBody({ ...base, predictionType: 'weight_loss', targetBodyfatPercent: t }).predictedWeightKg);
    for (let i = 1; i < weights.length; i++) assert.ok(weights[i] < weights[i - 1]);
  });

  it('rejects both or neither target', () => {
    assert.match(messageOf(() => predictBody({ ...base, predictionType: 'weight_loss' })), /exactly one of targetWeight and targetBodyfat/);
    assert.match(messageOf(() => predictBody({ ...base, predictionType: 'weight_loss', targetWeightKg: 80, targetBodyfatPercent: 20 })), /exactly one/);
  });

  it('rejects a target that moves the wrong way for the prediction type', () => {
    assert.match(messageOf(() => predictBody({ ...base, predictionType: 'weight_loss', targetWeightKg: 95 })),
      /targetWeight 95 kg is above the current weight 90 kg: a weight_loss prediction needs a target at or below it/);
    assert.match(messageOf(() => predictBody({ ...base, predictionType: 'weight_gain', targetBodyfatPercent: 5 })),
      /targetBodyfat 5 % is below the current .* %: a weight_gain prediction needs a target at or above it/);
  });

  it('rejects impossible targets: below essential fat or an implausible BMI', () => {
    assert.match(messageOf(() => predictBody({ ...base, predictionType: 'weight_loss', targetBodyfatPercent: 1.5 })), /outside the physiological 2–70 %/);
    assert.match(messageOf(() => predictBody({ ...base, predictionType: 'weight_gain', targetWeightKg: 230 })), /BMI of 72\.6 kg\/m², outside the predictable 13–70/);
    assert.match(messageOf(() => predictBody({ ...base, predictionType: 'weight_loss', targetWeightKg: 35 })), /BMI of 11(\.\d)? kg\/m², outside the predictable 13–70/);
  });
});
