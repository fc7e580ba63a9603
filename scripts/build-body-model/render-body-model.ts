// Renders the body model's pictures in docs/images from the committed asset (no MakeHuman data
// needed): body-model-parts.png, the mean body's parts seen from the back, the side and the front;
// body-model.png, the mean body and shape presets in the arms-down stance.
// Usage: node scripts/build-body-model/render-body-model.ts
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { encodePng } from '../../src/processing/assets/png-encoder.ts';
import { renderPreview } from '../../src/processing/assets/preview-rasteriser.ts';
import {
  ARMS_DOWN, BODY_PARTS, allocatePosedBody, loadPosableBodyModel, poseBody, standardPose, zeroBodyParams,
} from '../../src/processing/body-model/posable-body-model.ts';

type Rgb = [number, number, number];
const model = loadPosableBodyModel();
const V = model.vertexCount;
/** One colour per body part: the character's left side blue/green, the right side pink/olive. */
const PART_COLOURS: Record<(typeof BODY_PARTS)[number], Rgb> = {
  torso: [205, 170, 150], head: [225, 195, 120],
  upperArmLeft: [110, 160, 210], forearmLeft: [60, 110, 170], handLeft: [150, 200, 235],
  upperArmRight: [210, 110, 160], forearmRight: [170, 60, 110], handRight: [235, 150, 200],
  thighLeft: [130, 190, 120], shinLeft: [80, 140, 80], footLeft: [175, 215, 160],
  thighRight: [190, 190, 90], shinRight: [140, 140, 40], footRight: [215, 215, 160],
};
const SKIN: Rgb = [205, 170, 150];

interface Figure { positionsM: Float32Array; colour: (v: number) => Rgb }

/** Renders figures side by side (spacing in m) from the front (+Z) into a PNG under docs/images. */
function renderRow(name: string, figures: Figure[], spacingM: number, widthPx: number, heightPx: number): void {
  const positions = new Float32Array(figures.length * 3 * V);
  const colours = new Uint8Array(figures.length * 3 * V);
  const indices = new Uint32Array(figures.length * model.triangles.length);
  figures.forEach((figure, i) => {
    const shiftM = (i - (figures.length - 1) / 2) * spacingM;
    for (let v = 0; v < V; v++) {
      positions[3 * (i * V + v)] = figure.positionsM[3 * v] + shiftM;
      positions[3 * (i * V + v) + 1] = figure.positionsM[3 * v + 1];
      positions[3 * (i * V + v) + 2] = figure.positionsM[3 * v + 2];
      colours.set(figure.colour(v), 3 * (i * V + v));
    }
    for (let t = 0; t < model.triangles.length; t++) indices[i * model.triangles.length + t] = model.triangles[t] + i * V;
  });
  const image = renderPreview({ positionsM: positions, indices, normals: null, colors: colours }, { widthPx, heightPx });
  const path = resolve(import.meta.dirname, '..', '..', 'docs', 'images', name);
  writeFileSync(path, encodePng(image, true));
  console.log(`wrote ${path}`);
}

/** The body turned about the vertical by `turns` quarter turns (1: its right side to the viewer). */
function turned(positionsM: Float32Array, turns: number): Float32Array {
  const out = new Float32Array(positionsM.length);
  const angle = (turns * Math.PI) / 2;
  const c = Math.round(Math.cos(angle));
  const s = Math.round(Math.sin(angle));
  for (let v = 0; v < V; v++) {
    const x = positionsM[3 * v];
    const z = positionsM[3 * v + 2];
    out[3 * v] = c * x + s * z;
    out[3 * v + 1] = positionsM[3 * v + 1];
    out[3 * v + 2] = -s * x + c * z;
  }
  return out;
}

const rest = allocatePosedBody(model);
poseBody(model, zeroBodyParams(model), rest);
const byPart = (v: number): Rgb => PART_COLOURS[BODY_PARTS[model.vertexPart[v]]];
renderRow('body-model-parts.png', [
  { positionsM: turned(rest.positionsM, 2), colour: byPart },
  { positionsM: turned(rest.positionsM, 1), colour: byPart },
  { positionsM: rest.positionsM, colour: byPart },
], 1.1, 1500, 800);

const stance: Figure[] = [];
for (const preset of ['mean', 'femaleAverage', 'maleAverage', 'femaleObese', 'maleHeavy']) {
  const posed = allocatePosedBody(model);
  const shape = preset === 'mean' ? new Float32Array(model.shapeCount) : model.shapePresets[preset];
  poseBody(model, standardPose(model, ARMS_DOWN, shape), posed);
  stance.push({ positionsM: posed.positionsM, colour: () => SKIN });
}
renderRow('body-model.png', stance, 0.75, 1600, 700);
