// Phone recordings of people standing with their arms down (the arms-down set of eval-accuracy:
// MakeHuman bodies posed by the rig, upper arms 0-5 mm from the torso): simulated walk and turn
// recordings, reconstructed and measured as production does, against the same measuring on each
// body mesh (what a user sees). Prints each run (or its failure) and, per mode, the girths within
// 10 mm (mean and MAE) of the mesh's own reading.
// Usage: node scripts/eval-recording/arms-down.ts <makehuman-dir> [bodies = 4] [modes = walk,turn]
import { createTargetReader, readMakeHumanBase } from '../eval-accuracy/load-makehuman.ts';
import { readMakeHumanRig } from '../eval-accuracy/makehuman-rig.ts';
import { evalSets } from '../eval-accuracy/eval-sets.ts';
import { buildSetBody } from '../eval-accuracy/set-bodies.ts';
import { CIRCUMFERENCE_FIELDS } from '../../src/domain/measurements.ts';
import { measureBody } from '../../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../../src/processing/measure/model-fitter.ts';
import { reconstructRecording, DEFAULT_RECONSTRUCTION } from '../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import { reconstructedSurfaceHints } from '../../src/processing/recording-reconstruction/capture-surface.ts';
import { simulateRecording } from '../../src/processing/recording-simulator/simulate-recording.ts';
const dir = process.argv[2], count = Number(process.argv[3] ?? 4), modes = (process.argv[4] ?? 'walk,turn').split(',') as ('walk' | 'turn')[];
const base = readMakeHumanBase(dir), readTarget = createTargetReader(dir), rig = readMakeHumanRig(dir, base.positionsDm.length / 3);
const set = evalSets().find((s) => s.name === 'arms-down')!;
const measure = (g: Parameters<typeof measureBody>[0], h: Parameters<typeof measureBody>[1]) => measureBody(g, h, {}, { fitter: posableModelFitter({}) });
const errs = new Map<string, number[]>();
set.bodies.slice(0, count).forEach((spec, i) => {
  const built = buildSetBody({ base, readTarget, rig, seed: 11 }, spec);
  const mesh = built.truth.mesh;
  const body = { positionsM: Float32Array.from(mesh.positionsM), indices: mesh.triangles };
  const onMesh = measure({ positions: body.positionsM, indices: body.indices, colors: null, normals: null }, { unit: 'm', upAxis: '+y' });
  for (const mode of modes) {
    const sim = simulateRecording(body, { mode, seed: 11 + i, frames: 250 });
    try {
      const recon = reconstructRecording(sim.recording, DEFAULT_RECONSTRUCTION);
      const r = measure(recon.geometry, reconstructedSurfaceHints(mode));
      const vol = 100 * (r.measurements.fullBodyVolume / onMesh.measurements.fullBodyVolume - 1);
      let worst = '', worstV = 0;
      for (const f of CIRCUMFERENCE_FIELDS) {
        const e = 1000 * (r.measurements[f] - onMesh.measurements[f]);
        const key = `${mode} ${f}`; errs.set(key, [...(errs.get(key) ?? []), e]);
        if (Math.abs(e) > Math.abs(worstV)) { worstV = e; worst = f; }
      }
      console.log(spec.preset.name.padEnd(24), mode, `vol ${vol.toFixed(2)} %`, `worst ${worst} ${worstV.toFixed(1)} mm`, `shoulder ${r.diagnostics.shoulderSource}`);
    } catch (error) {
      console.log(spec.preset.name.padEnd(24), mode, 'FAILED', (error as { code?: string }).code, (error as Error).message);
    }
  }
});
for (const mode of modes) {
  let ok = 0; const miss: string[] = [];
  for (const f of CIRCUMFERENCE_FIELDS) {
    const e = errs.get(`${mode} ${f}`) ?? [];
    if (!e.length) continue;
    const mean = e.reduce((a, b) => a + b, 0) / e.length, mae = e.reduce((a, b) => a + Math.abs(b), 0) / e.length;
    if (Math.abs(mean) <= 10 && mae <= 10) ok++; else miss.push(`${f} ${mean.toFixed(1)}/${mae.toFixed(1)}`);
  }
  console.log(`${mode}: ${ok}/27 within 10 mm of the mesh's reading; missing: ${miss.join(', ')}`);
}
