// npm run build:body-model -- --makehuman <dir> [--samples 800] [--components 24]
//
// Compiles MakeHuman's CC0 base mesh, macro/breast/measure targets and default rig into our posable
// body model: src/processing/body-model/posable-model-asset.ts (base64 of the deflated asset, see
// posable-model-codec.ts) and the CC0 notice next to it. Deterministic: same data, same bytes.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createTargetReader, readMakeHumanBase } from '../eval-accuracy/load-makehuman.ts';
import { applyTargets } from '../eval-accuracy/macro-targets.ts';
import { METRES_PER_DECIMETRE } from '../eval-accuracy/body-mesh.ts';
import { bodyTargets, sampleSettings, seededRandom, type BodySettings } from './sample-bodies.ts';
import { compactSkin, jointPositions, readReducedSkeleton } from './reduced-skeleton.ts';
import { norm, orthogonalise, principalSpace } from './shape-space.ts';
import { NAMED_TARGETS, namedTargetOffsetsDm } from './named-targets.ts';
import { ASSET_STEPS, decodePosableModel, encodePosableModel } from '../../src/processing/body-model/posable-model-codec.ts';
import type { PosableBodyModel } from '../../src/processing/body-model/posable-model-types.ts';
import { meshVolumeM3, vertexNeighbours } from './mesh-measures.ts';
import { compareDecoded } from './compare-decoded.ts';

const SNAPSHOT_COMMIT = 'a8bc2d54ff0ac92e78ff71431b1023eda42bf482';
const repoRoot = resolve(import.meta.dirname, '..', '..');

const { values: args } = parseArgs({
  options: {
    makehuman: { type: 'string' },
    samples: { type: 'string', default: '800' },
    components: { type: 'string', default: '24' },
    seed: { type: 'string', default: '20261124' },
  },
});
if (!args.makehuman) throw new Error('usage: npm run build:body-model -- --makehuman <dir> [--samples N] [--components P]');
const sampleCount = Number(args.samples);
const principalCount = Number(args.components);

const started = Date.now();
const log = (message: string): void => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);

const base = readMakeHumanBase(args.makehuman);
const readTarget = createTargetReader(args.makehuman);
const skeleton = readReducedSkeleton(args.makehuman);
const bodyGlobal = base.bodyVertexGlobal;
const V = bodyGlobal.length;
const B = skeleton.boneNames.length;
const localOfGlobal = new Int32Array(base.positionsDm.length / 3).fill(-1);
bodyGlobal.forEach((g, local) => { localOfGlobal[g] = local; });
const triangles = Uint32Array.from(base.bodyTrianglesGlobal, (g) => localOfGlobal[g]);
log(`base mesh: ${V} body vertices, ${triangles.length / 3} triangles, ${B} bones kept`);

// A row = body vertices (3V) then bone heads (3B) then bone tails (3B), metres, feet at y = 0.
const D = 3 * V + 6 * B;
const heads = new Float64Array(3 * B);
const tails = new Float64Array(3 * B);
function rowOf(positionsDm: Float64Array): Float64Array {
  let minYDm = Infinity;
  for (const g of bodyGlobal) minYDm = Math.min(minYDm, positionsDm[3 * g + 1]);
  const row = new Float64Array(D);
  for (let k = 0; k < V; k++) {
    const g = bodyGlobal[k];
    row[3 * k] = positionsDm[3 * g] * METRES_PER_DECIMETRE;
    row[3 * k + 1] = (positionsDm[3 * g + 1] - minYDm) * METRES_PER_DECIMETRE;
    row[3 * k + 2] = positionsDm[3 * g + 2] * METRES_PER_DECIMETRE;
  }
  jointPositions(positionsDm, skeleton.headJointVertices, heads);
  jointPositions(positionsDm, skeleton.tailJointVertices, tails);
  for (let b = 0; b < B; b++) {
    for (let c = 0; c < 3; c++) {
      const shift = c === 1 ? minYDm : 0;
      row[3 * V + 3 * b + c] = (heads[3 * b + c] - shift) * METRES_PER_DECIMETRE;
      row[3 * V + 3 * B + 3 * b + c] = (tails[3 * b + c] - shift) * METRES_PER_DECIMETRE;
    }
  }
  return row;
}

const random = seededRandom(Number(args.seed));
const rows: Float64Array[] = [];
const bmis: number[] = [];
const statures: number[] = [];
for (let i = 0; i < sampleCount; i++) {
  const settings = sampleSettings(random);
  const row = rowOf(applyTargets(base, bodyTargets(settings), readTarget));
  rows.push(row);
  let statureM = 0;
  for (let k = 0; k < V; k++) statureM = Math.max(statureM, row[3 * k + 1]);
  const massKg = meshVolumeM3(row, triangles) * 1000; // 1 kg/L: close enough to say which bodies are heavy
  statures.push(statureM);
  bmis.push(massKg / (statureM * statureM));
}
const quantile = (values: number[], q: number): number => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))];
log(`${sampleCount} bodies sampled: stature ${quantile(statures, 0).toFixed(3)}-${quantile(statures, 1).toFixed(3)} m, `
  + `volume-BMI (1 kg/L) min ${quantile(bmis, 0).toFixed(1)}, median ${quantile(bmis, 0.5).toFixed(1)}, `
  + `95th ${quantile(bmis, 0.95).toFixed(1)}, max ${quantile(bmis, 1).toFixed(1)}; ${bmis.filter((b) => b >= 30).length} with BMI >= 30`);

const space = principalSpace(rows, principalCount);
const cumulative = space.explained.reduce<number[]>((acc, e) => [...acc, (acc.at(-1) ?? 0) + e], []);
const unexplained = (count: number): string => `${(100 * (1 - cumulative[count - 1])).toFixed(3)}%`;
log(`PCA: variance explained by each of the first 5 components ${space.explained.slice(0, 5).map((e) => (100 * e).toFixed(1)).join(', ')}%; `
  + `left unexplained by 5: ${unexplained(5)}, 10: ${unexplained(10)}, 16: ${unexplained(16)}, ${principalCount}: ${unexplained(principalCount)}; `
  + `residual RMS per vertex ${(1000 * Math.sqrt(space.allVariances.slice(principalCount).reduce((s, v) => s + Math.max(0, v), 0) / (V + 2 * B))).toFixed(2)} mm`);

// Held-out check: fresh bodies (another seed) projected on the principal space; the vertex error
// left says how closely the space reproduces a MakeHuman adult it has not seen.
{
  const heldOutRandom = seededRandom(Number(args.seed) + 1);
  const vertexErrorsMm: number[] = [];
  let squaredSum = 0;
  const heldOut = 100;
  for (let i = 0; i < heldOut; i++) {
    const row = rowOf(applyTargets(base, bodyTargets(sampleSettings(heldOutRandom)), readTarget));
    const residual = orthogonalise(Float64Array.from(row, (value, j) => value - space.mean[j]), space.directions);
    let worst = 0;
    for (let k = 0; k < V; k++) {
      const e2 = residual[3 * k] ** 2 + residual[3 * k + 1] ** 2 + residual[3 * k + 2] ** 2;
      squaredSum += e2;
      worst = Math.max(worst, e2);
    }
    vertexErrorsMm.push(1000 * Math.sqrt(worst));
  }
  log(`held-out: ${heldOut} new bodies, vertex RMS error ${(1000 * Math.sqrt(squaredSum / (heldOut * V))).toFixed(2)} mm, `
    + `worst vertex per body median ${quantile(vertexErrorsMm, 0.5).toFixed(1)} mm, max ${quantile(vertexErrorsMm, 1).toFixed(1)} mm`);
}

// Presets: named adults (25 y, average height, proportions and ethnic mix) projected on the
// principal space, c_k = u_k . (x - mean) / sd_k; named components 0.
const presetSettings = (gender: number, muscle: number, weight: number): BodySettings => ({
  gender, age: 0.5, muscle, weight, height: 0.5, proportions: 0.5,
  african: 1, asian: 1, caucasian: 1, breastSize: 0.5, breastFirmness: 0.5,
});
const presets: Record<string, Float32Array> = {};
const PRESETS = [
  ['femaleAverage', 0, 0.5, 0.5], ['maleAverage', 1, 0.5, 0.5],
  ['femaleHeavy', 0, 0.25, 1], ['maleHeavy', 1, 0.25, 1],
  ['femaleObese', 0, 0, 1.15], ['maleObese', 1, 0, 1.15],
] as const;
for (const [name, gender, muscle, weight] of PRESETS) {
  const row = rowOf(applyTargets(base, bodyTargets(presetSettings(gender, muscle, weight)), readTarget));
  const shape = new Float32Array(principalCount + NAMED_TARGETS.length);
  space.directions.forEach((u, k) => {
    let dot = 0;
    for (let j = 0; j < D; j++) dot += u[j] * (row[j] - space.mean[j]);
    shape[k] = Math.round((1e6 * dot) / norm(space.basis[k])) / 1e6;
  });
  presets[name] = shape;
}
log(`presets (first 4 coefficients): ${Object.entries(presets).map(([name, shape]) => `${name} [${[...shape.subarray(0, 4)].map((c) => c.toFixed(2)).join(', ')}]`).join('; ')}`);

// The mean body stands on y = 0 (each sample did; their mean's lowest vertex may float a hair).
const mean = space.mean;
let meanMinY = Infinity;
for (let k = 0; k < V; k++) meanMinY = Math.min(meanMinY, mean[3 * k + 1]);
for (let j = 1; j < D; j += 3) mean[j] -= meanMinY;

// Named local components: (incr - decr) / 2 of each measure target pair, feet kept on the floor,
// minus their projection on the population space (so the principal coefficients keep their meaning).
const namedRows: Float64Array[] = [];
const keptFractions: string[] = [];
const baseRow = rowOf(base.positionsDm);
for (const named of NAMED_TARGETS) {
  const offsetsDm = namedTargetOffsetsDm(named, readTarget, base.positionsDm.length);
  const shifted = Float64Array.from(base.positionsDm, (value, i) => value + offsetsDm[i]);
  const row = rowOf(shifted);
  const t = Float64Array.from(row, (value, j) => value - baseRow[j]);
  const local = orthogonalise(t, space.directions);
  keptFractions.push(`${named.name} ${(norm(local) / norm(t)).toFixed(2)}`);
  namedRows.push(local);
}
log(`named components (fraction of each target left after removing its population part): ${keptFractions.join(', ')}`);

const shapeRows = [...space.basis, ...namedRows];
const K = shapeRows.length;
const skin = compactSkin(skeleton, bodyGlobal, vertexNeighbours(triangles, V));
log(`skin: top-4 influences drop at most ${(100 * skin.maxDroppedWeight).toFixed(1)}% of a vertex's weight; ${skin.unweighted} vertices had no weight`);

const model: PosableBodyModel = {
  vertexCount: V,
  triangles,
  meanPositionsM: Float32Array.from(mean.subarray(0, 3 * V)),
  shapeCount: K,
  principalShapeCount: principalCount,
  shapePresets: presets,
  shapeNames: [...space.basis.map((_, k) => `pc${k + 1}`), ...NAMED_TARGETS.map((n) => n.name)],
  shapeBasisM: new Float32Array(K * 3 * V),
  boneCount: B,
  boneNames: skeleton.boneNames,
  boneParent: skeleton.boneParent,
  boneHeadMeanM: Float32Array.from(mean.subarray(3 * V, 3 * V + 3 * B)),
  boneHeadBasisM: new Float32Array(K * 3 * B),
  boneTailMeanM: Float32Array.from(mean.subarray(3 * V + 3 * B)),
  boneTailBasisM: new Float32Array(K * 3 * B),
  skinBones: skin.skinBones,
  skinWeights: skin.skinWeights,
  vertexPart: skin.vertexPart,
  bonePart: skeleton.bonePart,
};
shapeRows.forEach((row, k) => {
  model.shapeBasisM.set(row.subarray(0, 3 * V), k * 3 * V);
  model.boneHeadBasisM.set(row.subarray(3 * V, 3 * V + 3 * B), k * 3 * B);
  model.boneTailBasisM.set(row.subarray(3 * V + 3 * B), k * 3 * B);
});

const compressed = encodePosableModel(model);
const decoded = decodePosableModel(compressed);
const report = compareDecoded(model, decoded, ASSET_STEPS);
log(`asset: ${compressed.length} bytes deflated, ${Math.ceil(compressed.length / 3) * 4} as base64; decoded vs build floats: ${report}`);
const partCounts = new Map<number, number>();
for (const part of model.vertexPart) partCounts.set(part, (partCounts.get(part) ?? 0) + 1);
log(`mean body: stature ${Math.max(...Array.from({ length: V }, (_, k) => model.meanPositionsM[3 * k + 1])).toFixed(4)} m, `
  + `volume ${(meshVolumeM3(model.meanPositionsM, triangles) * 1000).toFixed(2)} L; vertices per part ${JSON.stringify([...partCounts.entries()].sort((a, b) => a[0] - b[0]))}`);

const base64 = Buffer.from(compressed).toString('base64');
writeFileSync(resolve(repoRoot, 'src/processing/body-model/posable-model-asset.ts'),
  `// GENERATED by \`npm run build:body-model\` (scripts/build-body-model/main.ts): do not edit.\n`
  + `// Our posable body model compiled from MakeHuman CC0 1.0 data (see posable-model-asset-notice.md).\n`
  + `// ${K} shape coefficients (${principalCount} principal + ${K - principalCount} named), ${B} bones, ${V} vertices; `
  + `${compressed.length} bytes deflated (format: posable-model-codec.ts).\n`
  + `export const POSABLE_MODEL_ASSET_BASE64 =\n  '${base64}';\n`);
writeFileSync(resolve(repoRoot, 'src/processing/body-model/posable-model-asset-notice.md'), notice());
log('wrote src/processing/body-model/posable-model-asset.ts and posable-model-asset-notice.md');

function notice(): string {
  return `# Notice: the posable body model asset

\`posable-model-asset.ts\` is derived from MakeHuman assets: the hm08 base mesh (\`base.obj\`), the
macro, breast and measure modelling targets, the default skeleton (\`rigs/default.mhskel\`) and its
skin weights (\`rigs/default_weights.mhw\`), taken from https://github.com/makehumancommunity/makehuman
at commit ${SNAPSHOT_COMMIT}.

MakeHuman's assets are released under **CC0 1.0 Universal** (public domain dedication,
https://creativecommons.org/publicdomain/zero/1.0/); their file headers say they were "explicitly
released as CC0 in september 2020", and both rig files state \`"license": "CC0"\`. No MakeHuman
program code (AGPL-3) was used: the asset is compiled by this repository's own script,
\`scripts/build-body-model/main.ts\`.

Credit, though CC0 asks for none: MakeHuman (c) Data Collection AB, Joel Palmius, Jonas Hauquier
and the MakeHuman team.

What this repository adds (the sampled population, its principal components, the reduced
skeleton and folded weights) is computed by that script; the MakeHuman data in it stays CC0.
`;
}
