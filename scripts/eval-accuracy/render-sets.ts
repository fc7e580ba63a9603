// Renders example bodies of the evaluation's sets side by side (docs/images/eval-sets.png): four
// arms-down bodies (front), two heavy bodies (front), two partial captures (back view, so the
// missing share of the back shows). Front renders by the service's own preview rasteriser.
// Usage: node scripts/eval-accuracy/render-sets.ts --makehuman <dir> [--out docs/images/eval-sets.png]
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { renderPreview } from '../../src/processing/assets/preview-rasteriser.ts';
import { encodePng } from '../../src/processing/assets/png-encoder.ts';
import type { RgbaImage } from '../../src/processing/assets/asset-mesh.ts';
import { createTargetReader, readMakeHumanBase } from './load-makehuman.ts';
import { readMakeHumanRig } from './makehuman-rig.ts';
import { evalSets, type SetName } from './eval-sets.ts';
import { buildSetBody } from './set-bodies.ts';
import type { BodyMesh } from './body-mesh.ts';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    makehuman: { type: 'string', default: resolve(repoRoot, '..', 'shared', 'data', 'makehuman') },
    out: { type: 'string', default: resolve(repoRoot, 'docs', 'images', 'eval-sets.png') },
  },
});

const PANEL_W = 256, PANEL_H = 512;
const picks: { set: SetName; body: string; back?: boolean }[] = [
  { set: 'arms-down', body: 'F-young-average' }, { set: 'arms-down', body: 'M-young-average' },
  { set: 'arms-down', body: 'M-old-heavy-soft' }, { set: 'arms-down', body: 'F-old-obese-short' },
  { set: 'heavy', body: 'F-mid-severe' }, { set: 'heavy', body: 'M-mid-heavy-tall' },
  { set: 'partial', body: 'F-young-average', back: true }, { set: 'partial', body: 'M-young-average', back: true },
];

const base = readMakeHumanBase(values.makehuman);
const readTarget = createTargetReader(values.makehuman);
const rig = readMakeHumanRig(values.makehuman, base.positionsDm.length / 3);
const sets = evalSets();
const panels: RgbaImage[] = [];
for (const pick of picks) {
  const spec = sets.find((s) => s.name === pick.set)!.bodies.find((b) => b.preset.name === pick.body)!;
  const built = buildSetBody({ base, readTarget, rig, seed: 1 }, spec);
  const mesh: BodyMesh = built.partial?.mesh ?? built.truth.mesh;
  // Back view: turn the body 180 deg about the vertical (x -> -x, z -> -z).
  const positions = Float32Array.from(mesh.positionsM, (v, i) => (pick.back && i % 3 !== 1 ? -v : v));
  panels.push(renderPreview({ positionsM: positions, indices: mesh.triangles, normals: null, colors: null }, { widthPx: PANEL_W, heightPx: PANEL_H }));
  console.log(`${pick.set} ${pick.body}${pick.back ? ' (back)' : ''}: BMI ${built.bmi.toFixed(1)}`);
}
const width = PANEL_W * panels.length;
const rgba = new Uint8Array(width * PANEL_H * 4);
panels.forEach((panel, k) => {
  for (let y = 0; y < PANEL_H; y++) rgba.set(panel.rgba.subarray(y * PANEL_W * 4, (y + 1) * PANEL_W * 4), (y * width + k * PANEL_W) * 4);
});
writeFileSync(values.out, encodePng({ width, height: PANEL_H, rgba }, true));
console.log(`wrote ${values.out}`);
