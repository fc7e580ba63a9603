import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildHealthReport } from '../../../src/processing/health-report/build-health-report.ts';
import { percentileOf, percentileSummary } from '../../../src/processing/health-report/percentile-lookup.ts';
import { PERCENTILE_TABLES } from '../../../src/processing/health-report/percentile-tables.ts';
import { buildMetabolismReport, katchMcArdleBmrKcalPerDay, mifflinStJeorBmrKcalPerDay } from '../../../src/processing/health-report/metabolism.ts';
import { buildMetabolicAgeReport } from '../../../src/processing/health-report/metabolic-age.ts';
import { computeBodyfat } from '../../../src/processing/body-composition/compute-bodyfat.ts';
import type { Sex } from '../../../src/domain/body-composition.ts';

const measurements = { waistFit: 0.86, waistNavyFit: 0.9, hipsFit: 1.0, neckFit: 0.39, chestFit: 1.02, waistToHipRatio: 0.86 };
function reportFor(sex: Sex) {
  const user = { token: 'u-1', sex, ageYears: 40, heightM: 1.78, weightKg: 80 };
  const bodyfat = computeBodyfat('coco2', user, measurements);
  return buildHealthReport({ scan: { id: 's-1', createdAt: '2026-11-22T10:15:30.123Z' }, user, measurements, bodyfat });
}
const sections = [
  'bodyFatPercentageReport', 'leanMassReport', 'fatMassReport', 'waistCircumferenceReport', 'waistToHipRatioReport',
  'waistToHeightRatioReport', 'appendicularLeanMassReport',
] as const;

describe('health report', () => {
  it('has the interface keys and the three extra sections', () => {
    assert.deepEqual(Object.keys(reportFor('male')).sort(), [
      'appendicularLeanMassReport', 'bodyFatPercentageReport', 'fatMassReport', 'leanMassReport', 'metabolicAgeReport',
      'metabolismReport', 'scan', 'skeletalMuscleMassReport', 'user', 'waistCircumferenceReport', 'waistToHeightRatioReport',
      'waistToHipRatioReport',
    ]);
  });
  it('passes scan and user through and labels a male scan in every metric section', () => {
    const report = reportFor('male');
    assert.deepEqual(report.scan, { id: 's-1', createdAt: '2026-11-22T10:15:30.123Z' });
    assert.equal(report.user.token, 'u-1');
    for (const key of sections) {
      assert.ok(report[key].healthLabel?.group, `${key} has a group`);
      assert.ok(report[key].percentile && report[key].percentile.percentile !== null, `${key} has a percentile`);
    }
    assert.equal(report.waistCircumferenceReport.waistCircumference, 0.86);
    assert.equal(report.waistCircumferenceReport.healthLabel?.group, 'low risk');
    assert.equal(report.waistToHeightRatioReport.waistToHeightRatio, 0.483);
    assert.equal(report.waistToHeightRatioReport.healthLabel?.group, 'OK');
    assert.deepEqual(report.bodyFatPercentageReport.percentile?.ageRange, { min: 40, max: 49 });
  });
  it('omits labels and percentiles for neutral and undefined sex but keeps the values', () => {
    for (const sex of ['neutral', 'undefined'] as const) {
      const report = reportFor(sex);
      for (const key of [...sections, 'skeletalMuscleMassReport'] as const) {
        assert.equal(report[key].healthLabel, null);
        assert.equal(report[key].percentile, null);
      }
      assert.ok(report.bodyFatPercentageReport.bodyFatPercentage !== null);
      assert.equal(report.metabolicAgeReport.label, null);
    }
  });
});

describe('percentiles', () => {
  it('returns exactly the stored percentile at a stored value and interpolates between', () => {
    const values = [10, 12, 15, 20, 25, 30, 33];
    assert.equal(percentileOf(20, values), 50);
    assert.equal(percentileOf(22.5, values), 62.5);
    assert.equal(percentileOf(0, values), 1);
    assert.equal(percentileOf(99, values), 99);
  });
  it('puts the NHANES median body fat of men aged 40–49 at the 50th percentile', () => {
    const median = PERCENTILE_TABLES.bodyFatPercentage.male[2].values[3];
    assert.equal(percentileSummary('bodyFatPercentage', 'male', 45, median).percentile, 50);
  });
  it('uses the nearest age band outside the table (ANSUR II stops at 58)', () => {
    assert.deepEqual(percentileSummary('waistToHipRatio', 'female', 70, 0.8).ageRange, { min: 40, max: 58 });
  });
  it('stores ascending values in every band', () => {
    for (const table of Object.values(PERCENTILE_TABLES)) {
      for (const band of [...table.male, ...table.female]) {
        for (let i = 1; i < band.values.length; i++) assert.ok(band.values[i] >= band.values[i - 1]);
      }
    }
  });
});

describe('metabolism', () => {
  it('gives Katch–McArdle 1752.4 kcal/day for 64 kg fat-free mass', () => {
    assert.ok(Math.abs(katchMcArdleBmrKcalPerDay(64) - 1752.4) < 1e-9);
  });
  it('gives Mifflin–St Jeor 1717.5 (man 80 kg, 178 cm, 40 y) and 1320.25 (woman 65 kg, 165 cm, 40 y)', () => {
    assert.ok(Math.abs(mifflinStJeorBmrKcalPerDay('male', 80, 1.78, 40) - 1717.5) < 1e-9);
    assert.ok(Math.abs(mifflinStJeorBmrKcalPerDay('female', 65, 1.65, 40) - 1320.25) < 1e-9);
  });
  it('uses Katch–McArdle with fat-free mass and Mifflin without, with maintain = BMR × 1.55, cut −500, build +250', () => {
    const lean = buildMetabolismReport({ sex: 'male', weightKg: 80, heightM: 1.78, ageYears: 40, fatFreeMassKg: 64 });
    assert.equal(lean.equation, 'katch_mcardle');
    assert.equal(lean.bmrKcalPerDay, 1752);
    assert.equal(lean.maintainKcalPerDay, Math.round(1752.4 * 1.55));
    assert.equal(lean.cutKcalPerDay, Math.round(1752.4 * 1.55 - 500));
    assert.equal(lean.buildKcalPerDay, Math.round(1752.4 * 1.55 + 250));
    assert.equal(buildMetabolismReport({ sex: 'female', weightKg: 65, heightM: 1.65, ageYears: 40, fatFreeMassKg: null }).bmrKcalPerDay, 1320);
  });
  it('gives a metabolic age equal to the real age when both BMR equations agree', () => {
    // Mifflin man 80 kg / 178 cm / 40 y = 1717.5 = Katch–McArdle at FFM (1717.5 − 370) / 21.6.
    const report = buildMetabolicAgeReport({ sex: 'male', weightKg: 80, heightM: 1.78, ageYears: 40, fatFreeMassKg: 1347.5 / 21.6 });
    assert.equal(report.metabolicAgeYears, 40);
    assert.equal(report.label?.group, 'typical');
  });
});
