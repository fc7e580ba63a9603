// How closely the compiled shape space reproduces MakeHuman bodies it was not built from: the
// evaluation's presets, and heavy bodies with the local `measure-*-circ-incr` targets on top.
// Each body (rest pose, feet on y = 0) is projected on all shape coefficients plus a translation by
// least squares; the vertex error left is the floor under any fit's residual on such a body.
// Usage: node scripts/build-body-model/check-coverage.ts --makehuman <dir>
import { parseArgs } from 'node:util';
import { createTargetReader, readMakeHumanBase } from '../eval-accuracy/load-makehuman.ts';
import { applyTargets, macroTargetWeights, type MacroSettings, type WeightedTarget } from '../eval-accuracy/macro-targets.ts';
import { extractBodyMesh } from '../eval-accuracy/body-mesh.ts';
import { BODY_PRESETS } from '../eval-accuracy/body-presets.ts';
import { loadPosableBodyModel } from '../../src/processing/body-model/load-posable-model.ts';

const { values: args } = parseArgs({ options: { makehuman: { type: 'string' } } });
if (!args.makehuman) throw new Error('usage: node scripts/build-body-model/check-coverage.ts --makehuman <dir>');
const base = readMakeHumanBase(args.makehuman);
const readTarget = createTargetReader(args.makehuman);
const model = loadPosableBodyModel();
const V = model.vertexCount;
const K = model.shapeCount;
const columns = K + 3; // shape coefficients, then x / y / z translation

// Normal matrix of the basis (fixed): columns' dot products over all 3V vertex coordinates.
const column = (c: number, i: number): number => (c < K ? model.shapeBasisM[c * 3 * V + i] : i % 3 === c - K ? 1 : 0);
const normal = Array.from({ length: columns }, () => new Float64Array(columns));
for (let a = 0; a < columns; a++) {
  for (let b = a; b < columns; b++) {
    let sum = 0;
    for (let i = 0; i < 3 * V; i++) sum += column(a, i) * column(b, i);
    normal[a][b] = normal[b][a] = sum;
  }
}

/** Solves the symmetric positive definite system by Gaussian elimination with partial pivoting. */
function solve(matrix: Float64Array[], rhs: Float64Array): Float64Array {
  const n = rhs.length;
  const m = matrix.map((row, i) => [...row, rhs[i]]);
  for (let p = 0; p < n; p++) {
    let best = p;
    for (let r = p + 1; r < n; r++) if (Math.abs(m[r][p]) > Math.abs(m[best][p])) best = r;
    [m[p], m[best]] = [m[best], m[p]];
    for (let r = p + 1; r < n; r++) {
      const f = m[r][p] / m[p][p];
      for (let c = p; c <= n; c++) m[r][c] -= f * m[p][c];
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let sum = m[r][n];
    for (let c = r + 1; c < n; c++) sum -= m[r][c] * x[c];
    x[r] = sum / m[r][r];
  }
  return x;
}

function coverage(name: string, targets: WeightedTarget[]): void {
  const body = extractBodyMesh(base, applyTargets(base, targets, readTarget)).positionsM;
  const residual = Float64Array.from(body, (value, i) => value - model.meanPositionsM[i]);
  const rhs = new Float64Array(columns);
  for (let c = 0; c < columns; c++) for (let i = 0; i < 3 * V; i++) rhs[c] += column(c, i) * residual[i];
  const coefficients = solve(normal, rhs);
  for (let c = 0; c < columns; c++) for (let i = 0; i < 3 * V; i++) residual[i] -= coefficients[c] * column(c, i);
  let squared = 0;
  let worst = 0;
  for (let v = 0; v < V; v++) {
    const e2 = residual[3 * v] ** 2 + residual[3 * v + 1] ** 2 + residual[3 * v + 2] ** 2;
    squared += e2;
    worst = Math.max(worst, e2);
  }
  let largest = 0;
  for (let k = 0; k < model.principalShapeCount; k++) largest = Math.max(largest, Math.abs(coefficients[k]));
  console.log(`${name.padEnd(28)} vertex RMS ${(1000 * Math.sqrt(squared / V)).toFixed(2)} mm, worst ${(1000 * Math.sqrt(worst)).toFixed(1)} mm, largest principal coefficient ${largest.toFixed(2)} SD`);
}

for (const preset of BODY_PRESETS) coverage(preset.name, macroTargetWeights(preset.settings));
const mixed = { african: 1 / 3, asian: 1 / 3, caucasian: 1 / 3, proportions: 0.5 };
const heavy: [string, MacroSettings, number][] = [
  ['F-young-obese', { gender: 0, age: 0.5, muscle: 0, weight: 1, height: 0.45, ...mixed }, 0],
  ['F-mid-severe (+0.75 incr)', { gender: 0, age: 0.7, muscle: 0, weight: 1, height: 0.5, ...mixed }, 0.75],
  ['M-young-obese', { gender: 1, age: 0.5, muscle: 0.1, weight: 0.95, height: 0.5, ...mixed }, 0],
  ['M-old-obese (+0.5 incr)', { gender: 1, age: 0.9, muscle: 0, weight: 1, height: 0.4, ...mixed }, 0.5],
];
const sites = ['waist', 'hips', 'bust', 'underbust', 'thigh', 'upperarm', 'neck', 'calf'];
for (const [name, settings, local] of heavy) {
  coverage(name, [...macroTargetWeights(settings), ...(local > 0 ? sites.map((site) => ({ path: `measure/measure-${site}-circ-incr.target`, weight: local })) : [])]);
}
