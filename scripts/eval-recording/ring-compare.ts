// Where a reconstructed girth differs from the body: the measurer's ring (the tape on the
// reconstruction's closed mesh) and the body mesh cut on the measurer's own plane, compared as radius per 30° sector about the true loop's
// centroid (truth frame, mm). Sector 0° = lateral (away from the body's midline), 90° = front,
// 180° = medial (toward the other leg), 270° = back; torso fields use +x for 0°.
// Stages as in stages.ts: b = ideal depth and c = the sensor's depth, fused with the true poses; d = the product.
// Usage: node scripts/eval-recording/ring-compare.ts [--bodies 1] [--first 0] [--modes walk]
//   [--stages c,d] [--fields ankleLeftFit,...] [--seed 11] [--override '<JSON>']
import { parseArgs } from 'node:util';
import type { BodyMeasurementResult } from '../../src/domain/body-scan-result.ts';
import { cutMesh, componentAt, type CutComponent } from '../../src/processing/evaluation/cut-components.ts';
import { applyRigidTransform, registerRigid, rotateVector } from '../../src/processing/evaluation/rigid-registration.ts';
import { measureBody } from '../../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../../src/processing/measure/model-fitter.ts';
import { reconstructRecording } from '../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import { simulateRecording } from '../../src/processing/recording-simulator/simulate-recording.ts';
import { evaluateRun } from '../eval-accuracy/evaluate-run.ts';
import { girthOnPlane } from '../eval-accuracy/truth-on-plane.ts';
import type { VariantName } from '../eval-accuracy/variants.ts';
import { reconstructionWithOverride } from './reconstruction-override.ts';
import { bodyTruth } from '../eval-accuracy/body-truth.ts';
import { withTruePoses } from './true-poses.ts';
import { reconstructedSurfaceHints } from '../../src/processing/recording-reconstruction/capture-surface.ts';
import { DEFAULT_MAKEHUMAN_DIR, evaluationBodies } from './evaluation-bodies.ts';

const { values } = parseArgs({
  options: {
    makehuman: { type: 'string', default: DEFAULT_MAKEHUMAN_DIR },
    bodies: { type: 'string', default: '1' },
    first: { type: 'string', default: '0' },
    modes: { type: 'string', default: 'walk' },
    stages: { type: 'string', default: 'c,d' },
    fields: { type: 'string', default: 'ankleLeftFit,ankleRightFit,calfLeftFit,upperThighLeftFit,upperThighRightFit' },
    seed: { type: 'string', default: '11' },
    override: { type: 'string', default: '{}' },
    /** Simulate a closed room round the scene (walls and ceiling behind every ray). */
    room: { type: 'boolean', default: false },
  },
});
const reconstruction = reconstructionWithOverride(values.override);
const fields = values.fields.split(',');
const first = Number(values.first);
const SECTORS = 12;

/** Largest in-plane distance (mm) of a loop's points from `centre` per sector; the sector's angle from `axis0` toward `axis90`. */
function sectorRadii(loop: ArrayLike<number>, centre: number[], axis0: number[], axis90: number[]): number[] {
  const out = new Array(SECTORS).fill(0);
  for (let i = 0; i < loop.length; i += 3) {
    const d = [loop[i] - centre[0], loop[i + 1] - centre[1], loop[i + 2] - centre[2]];
    const a = d[0] * axis0[0] + d[1] * axis0[1] + d[2] * axis0[2], b = d[0] * axis90[0] + d[1] * axis90[1] + d[2] * axis90[2];
    const s = Math.floor((((Math.atan2(b, a) * 180) / Math.PI + 360) % 360) / (360 / SECTORS));
    out[s] = Math.max(out[s], Math.hypot(a, b) * 1000);
  }
  return out;
}

const sums = new Map<string, { n: number; truth: number[]; recon: number[]; hull: number; truthHull: number; raw: number }>();
for (const { index, preset, mesh, body } of evaluationBodies(values.makehuman, first, Number(values.bodies))) {
  const seed = Number(values.seed) + index;
  const truth = bodyTruth(preset.name, mesh, seed);
  for (const mode of values.modes.split(',') as ('walk' | 'turn')[]) {
    const sim = simulateRecording(body, { mode, seed, room: values.room });
    const ideal = values.stages.includes('b') ? simulateRecording(body, { mode, seed, sensorNoise: false, room: values.room }) : sim;
    for (const stage of values.stages.split(',')) {
      const trusted = { ...reconstruction, refineWalkPoses: false, walkBehindFactor: mode === 'turn' ? reconstruction.turnBehindFactor : reconstruction.walkBehindFactor, walkSmoothingVariancePx2: mode === 'turn' ? 0 : reconstruction.walkSmoothingVariancePx2, walkSurfaceSmoothingPx2: mode === 'turn' ? 0 : reconstruction.walkSurfaceSmoothingPx2 };
      const started = performance.now();
      const geometry = stage === 'b' ? reconstructRecording(withTruePoses(ideal), { ...trusted, walkSmoothingVariancePx2: 0, walkSurfaceSmoothingPx2: 0 }).geometry
        : stage === 'c' ? reconstructRecording(withTruePoses(sim), trusted).geometry : reconstructRecording(sim.recording, reconstruction).geometry;
      const reconMs = performance.now() - started;
      let measured: BodyMeasurementResult | null = null;
      // Measured with the hints production gives a reconstruction (e.g. the shoulder tops it never saw).
      const record = await evaluateRun(truth, { name: stage as unknown as VariantName, geometry, note: '', hints: reconstructedSurfaceHints(mode) },
        (g, h, c) => measureBody(g, h, c, { fitter: posableModelFitter(c) }), async (r) => { measured = r; });
      if (!measured) { console.log(`${preset.name} ${stage} ${mode} FAILED ${record.failure}`); continue; }
      const result = measured as BodyMeasurementResult;
      const reg = registerRigid(result.canonical.positions, truth.registrationPointsM);
      console.log(`${preset.name} ${stage} ${mode} (${(reconMs / 1000).toFixed(1)} s) vol ${record.volumeErrorPct!.toFixed(2)} %`);
      for (const field of fields) {
        const site = result.sites.find((s) => s.field === field);
        const rec = record.fields.find((f) => f.field === field);
        if (!site || !rec || rec.siteAgnosticErrorMm === null) { console.log(`  ${field}: no site / truth`); continue; }
        const centre = applyRigidTransform(reg, site.centerM), normal = rotateVector(reg.rotation, site.normal);
        const truthCut = cutMesh(mesh.positionsM, mesh.triangles, { point: centre, normal });
        const truthGirth = girthOnPlane(mesh, field as never, centre, normal);
        // The truth component: the one whose hull perimeter is the truth girth.
        const truthComp = truthCut.components.reduce((best: CutComponent | null, c) => (!best || Math.abs(c.hullPerimeter - truthGirth!.perimeterM) < Math.abs(best.hullPerimeter - truthGirth!.perimeterM) ? c : best), null)!;
        // The reconstruction's closed mesh cut on the same plane (canonical frame), mapped into the truth frame.
        const reconCut = cutMesh(result.canonical.positions, result.canonical.indices ?? new Uint32Array(0), { point: site.centerM, normal: site.normal });
        const found = componentAt(reconCut, site.centerM);
        const loop = found ? Float64Array.from({ length: found.component.outerLoop.length }, (_, i) => 0) : new Float64Array(0);
        if (found) for (let i = 0; i < loop.length; i += 3) loop.set(applyRigidTransform(reg, [found.component.outerLoop[i], found.component.outerLoop[i + 1], found.component.outerLoop[i + 2]]), i);
        const c = truthComp.centroid;
        const side = Math.sign(c[0]) || 1;
        const up = normal;
        // axis0: lateral (side·x) projected into the plane; axis90: up × axis0 (front for a left leg seen from above).
        let a0 = [side, 0, 0];
        const dot = a0[0] * up[0] + a0[1] * up[1] + a0[2] * up[2];
        a0 = a0.map((x, i) => x - dot * up[i]);
        const l0 = Math.hypot(...a0); a0 = a0.map((x) => x / l0);
        let a90 = [up[1] * a0[2] - up[2] * a0[1], up[2] * a0[0] - up[0] * a0[2], up[0] * a0[1] - up[1] * a0[0]];
        if (a90[2] < 0) a90 = a90.map((x) => -x); // 90° = front (+z)
        // The measurer's ring (the tape: hull of the labelled part's cut), mapped into the truth frame.
        const ring = new Float64Array(site.ringM.length);
        for (let i = 0; i < ring.length; i += 3) ring.set(applyRigidTransform(reg, [site.ringM[i], site.ringM[i + 1], site.ringM[i + 2]]), i);
        const tr = sectorRadii(truthComp.outerLoop, c, a0, a90), rr = sectorRadii(ring, c, a0, a90);
        const key = `${stage} ${mode} ${field}`;
        const s = sums.get(key) ?? { n: 0, truth: new Array(SECTORS).fill(0), recon: new Array(SECTORS).fill(0), hull: 0, truthHull: 0, raw: 0 };
        s.n++; s.hull += rec.measuredMm; s.truthHull += rec.truthOnPlaneMm!; s.raw += found ? found.component.hullPerimeter * 1000 : 0;
        for (let k = 0; k < SECTORS; k++) { s.truth[k] += tr[k]; s.recon[k] += rr[k]; }
        sums.set(key, s);
        console.log(`  ${field.padEnd(20)} measured ${rec.measuredMm.toFixed(1)} truth ${rec.truthOnPlaneMm!.toFixed(1)} err ${rec.siteAgnosticErrorMm.toFixed(1)}; raw cut hull ${found ? (found.component.hullPerimeter * 1000).toFixed(1) : '-'}; centre y ${(centre[1] * 1000).toFixed(0)} tilt ${(Math.acos(Math.abs(normal[1])) * 180 / Math.PI).toFixed(0)}°`);
        console.log(`    Δr per ${360 / SECTORS}° (lat, front, med, back): ${rr.map((r, k) => (r - tr[k]).toFixed(1).padStart(5)).join(' ')}   truth r ${tr.map((r) => r.toFixed(0)).join(' ')}`);
      }
    }
  }
}
console.log('\nmean over bodies: Δr (mm) per sector from lateral (0°) via front (90°), medial (180°), back (270°)');
for (const [key, s] of sums) {
  console.log(`${key.padEnd(30)} err ${((s.hull - s.truthHull) / s.n).toFixed(1).padStart(6)} raw ${((s.raw - s.truthHull) / s.n).toFixed(1).padStart(6)}  Δr ${s.recon.map((r, k) => ((r - s.truth[k]) / s.n).toFixed(1).padStart(5)).join(' ')}`);
}
