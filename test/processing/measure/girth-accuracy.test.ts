// ISO 20685-1 accuracy of every girth on synthetic bodies with analytic truth (mesh and noisy cloud),
// and the mesh volume within 1%.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import type { CircumferenceField } from '../../../src/domain/measurements.ts';
import { CIRCUMFERENCE_FIELDS } from '../../../src/domain/measurements.ts';
import type { BodyMeasurementResult } from '../../../src/domain/body-scan-result.ts';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import { sampleSyntheticCloud } from '../../../src/processing/synthetic-body/generate.ts';
import { bodySet, isoLimitM, meanCi95 } from './support.ts';

function errorsByField(results: BodyMeasurementResult[]): Record<CircumferenceField, number[]> {
  const bodies = bodySet();
  const out = {} as Record<CircumferenceField, number[]>;
  for (const field of CIRCUMFERENCE_FIELDS) out[field] = results.map((r, i) => r.measurements[field] - bodies[i].truth.girthsM[field]);
  return out;
}

/** Checks the ISO rule and reports every field's mean error and 95% CI (mm) as test diagnostics. */
function assertIso(errors: Record<CircumferenceField, number[]>, report: (line: string) => void): void {
  const failures: string[] = [];
  for (const field of CIRCUMFERENCE_FIELDS) {
    const ci = meanCi95(errors[field]);
    const limit = isoLimitM(field);
    report(`${field}: mean ${(ci.mean * 1000).toFixed(2)} mm, 95% CI [${(ci.lo * 1000).toFixed(2)}, ${(ci.hi * 1000).toFixed(2)}] mm, limit ±${limit * 1000} mm`);
    if (ci.lo < -limit || ci.hi > limit) failures.push(`${field}: 95% CI [${(ci.lo * 1000).toFixed(2)}, ${(ci.hi * 1000).toFixed(2)}] mm exceeds ±${limit * 1000} mm`);
  }
  assert.deepEqual(failures, []);
}

describe('girths of watertight synthetic meshes', () => {
  let results: BodyMeasurementResult[] = [];
  before(() => { results = bodySet().map((body) => measureBody(body.geometry, {}, {})); });

  it('keep the 95% CI of the mean error of every girth within the ISO 20685-1 limits', (t) => {
    assertIso(errorsByField(results), (line) => t.diagnostic(line));
  });

  it('measure the enclosed volume within 1% of the analytic volume', () => {
    bodySet().forEach((body, i) => {
      const relative = results[i].measurements.fullBodyVolume / body.truth.volumeM3 - 1;
      assert.ok(Math.abs(relative) < 0.01, `body ${i}: volume off by ${(relative * 100).toFixed(2)}%`);
    });
  });

  it('measure stature within 5 mm', () => {
    bodySet().forEach((body, i) => assert.ok(Math.abs(results[i].statureM - body.truth.statureM) < 0.005, `body ${i}: ${results[i].statureM}`));
  });

  it('return a closed ring and a unit plane normal for every girth site', () => {
    for (const r of results) {
      assert.equal(r.sites.length, CIRCUMFERENCE_FIELDS.length);
      for (const site of r.sites) {
        assert.ok(site.ringM.length >= 9, site.field);
        assert.ok(Math.abs(Math.hypot(...site.normal) - 1) < 1e-9, site.field);
        assert.equal(site.perimeterM, r.measurements[site.field]);
      }
    }
  });
});

describe('girths of noisy synthetic point clouds (300k points, σ = 2 mm, with floor)', () => {
  let results: BodyMeasurementResult[] = [];
  before(() => {
    results = bodySet().map((body, i) =>
      measureBody(sampleSyntheticCloud(body, { count: 300000, noiseSigmaM: 0.002, seed: 100 + i, floorPoints: 30000 }), {}, {}));
  });

  it('keep the 95% CI of the mean error of every girth within the ISO 20685-1 limits', (t) => {
    assertIso(errorsByField(results), (line) => t.diagnostic(line));
  });

  it('integrate the slice volume within 3% of the analytic volume', () => {
    bodySet().forEach((body, i) => {
      const relative = results[i].measurements.fullBodyVolume / body.truth.volumeM3 - 1;
      assert.ok(Math.abs(relative) < 0.03, `body ${i}: volume off by ${(relative * 100).toFixed(2)}%`);
    });
  });
});
