// Renders docs/images/measurement-sites.png: where each of the 27 girths lies on a body. A
// synthetic body standing with its arms hanging against the torso is measured as a mesh (its body
// parts from the synthetic-body fit double, which stands in for the model fit), its preview is
// rendered from the front and every cut ring is drawn over it (front half), numbered as in the
// site table of docs/measurements.md (torso sites on the left, the body's left limbs on the right;
// the right limbs' rings are drawn unnumbered).
// Usage: node scripts/render-measurement-sites.ts
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RgbaImage } from '../src/processing/assets/asset-mesh.ts';
import { encodePng } from '../src/processing/assets/png-encoder.ts';
import { renderPreview } from '../src/processing/assets/preview-rasteriser.ts';
import { GIRTH_SITES } from '../src/processing/measure/girth-sites.ts';
import { measureBody } from '../src/processing/measure/measure-body.ts';
import { makeSyntheticBody } from '../src/processing/synthetic-body/generate.ts';
import { syntheticFitDouble } from '../test/support/synthetic-fit-double.ts';

const WIDTH = 900, HEIGHT = 1100;
const body = makeSyntheticBody({ sex: 'female', heightM: 1.68, fatness: 0.8, seed: 4, armAngleDeg: 8, armsTouchTorso: true });
const result = measureBody(body.geometry, { unit: 'm', upAxis: '+y' }, {}, { fitter: syntheticFitDouble(body) });
const mesh = result.canonical;
const image = renderPreview({ positionsM: mesh.positions, indices: mesh.indices!, normals: null, colors: null }, { widthPx: WIDTH, heightPx: HEIGHT });

// The rasteriser's own orthographic fit (preview-rasteriser.ts): 90% of the limiting dimension.
let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
for (let i = 0; i < mesh.positions.length; i += 3) {
  minX = Math.min(minX, mesh.positions[i]); maxX = Math.max(maxX, mesh.positions[i]);
  minY = Math.min(minY, mesh.positions[i + 1]); maxY = Math.max(maxY, mesh.positions[i + 1]);
}
const scale = 0.9 * Math.min(WIDTH / (maxX - minX), HEIGHT / (maxY - minY));
const toPx = (x: number, y: number): [number, number] => [WIDTH / 2 + scale * (x - (minX + maxX) / 2), HEIGHT / 2 - scale * (y - (minY + maxY) / 2)];

function setPixel(img: RgbaImage, x: number, y: number, rgb: readonly number[]): void {
  const px = Math.round(x), py = Math.round(y);
  if (px < 0 || py < 0 || px >= img.width || py >= img.height) return;
  const o = 4 * (py * img.width + px);
  img.rgba[o] = rgb[0]; img.rgba[o + 1] = rgb[1]; img.rgba[o + 2] = rgb[2];
}

function line(img: RgbaImage, a: [number, number], b: [number, number], rgb: readonly number[], thick = 1): void {
  const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1])));
  for (let s = 0; s <= steps; s++) {
    const x = a[0] + ((b[0] - a[0]) * s) / steps, y = a[1] + ((b[1] - a[1]) * s) / steps;
    for (let dx = -thick + 1; dx < thick; dx++) for (let dy = -thick + 1; dy < thick; dy++) setPixel(img, x + dx, y + dy, rgb);
  }
}

// A 3×5 pixel font for digits, drawn 4× scaled.
const DIGITS = ['111101101101111', '010110010010111', '111001111100111', '111001111001111', '101101111001001', '111100111001111', '111100111101111', '111001001001001', '111101111101111', '111101111001111'];
function text(img: RgbaImage, x: number, y: number, value: string, rgb: readonly number[]): void {
  const cell = 4;
  [...value].forEach((ch, i) => {
    const glyph = DIGITS[Number(ch)];
    for (let r = 0; r < 5; r++) for (let c = 0; c < 3; c++) {
      if (glyph[3 * r + c] !== '1') continue;
      for (let dy = 0; dy < cell; dy++) for (let dx = 0; dx < cell; dx++) setPixel(img, x + i * 4 * cell + c * cell + dx, y + r * cell + dy, rgb);
    }
  });
}

const COLOURS: Record<string, readonly number[]> = { torso: [200, 30, 40], leg: [30, 70, 200], arm: [20, 140, 60] };
const labelYs: { left: number[]; right: number[] } = { left: [], right: [] };
GIRTH_SITES.forEach((site, index) => {
  const ring = result.sites.find((s) => s.field === site.field)!.ringM;
  const kind = /Thigh|thigh|calf|ankle/.test(site.field) ? 'leg' : /Arm|forearm|wrist/.test(site.field) ? 'arm' : 'torso';
  const colour = COLOURS[kind];
  let cz = 0;
  for (let k = 0; k < ring.length; k += 3) cz += ring[k + 2];
  cz /= ring.length / 3;
  const n = ring.length / 3;
  let extreme = 0;
  for (let k = 0; k < n; k++) {
    const j = (k + 1) % n;
    if (ring[3 * k + 2] >= cz || ring[3 * j + 2] >= cz) line(image, toPx(ring[3 * k], ring[3 * k + 1]), toPx(ring[3 * j], ring[3 * j + 1]), colour, 2);
    if (kind === 'torso' ? ring[3 * k] < ring[3 * extreme] : ring[3 * k] > ring[3 * extreme]) extreme = k;
  }
  if (/Right/.test(site.field)) return;
  // Number in the margin, with a leader line to the ring's outermost point.
  const side = kind === 'torso' ? 'left' : 'right';
  const anchor = toPx(ring[3 * extreme], ring[3 * extreme + 1]);
  let y = anchor[1] - 10;
  while (labelYs[side].some((other) => Math.abs(other - y) < 24)) y += 24;
  labelYs[side].push(y);
  const x = side === 'left' ? 40 : WIDTH - 90;
  line(image, [side === 'left' ? x + 40 : x - 6, y + 10], anchor, [120, 120, 120]);
  text(image, x, y, String(index + 1), colour);
});

const out = resolve(import.meta.dirname, '..', 'docs', 'images', 'measurement-sites.png');
writeFileSync(out, encodePng(image));
console.log(`measurement-sites.png: ${result.sites.length} rings on a synthetic body (arms against the torso), ${WIDTH}×${HEIGHT}`);
