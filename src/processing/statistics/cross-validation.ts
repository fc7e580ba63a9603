/** k-fold cross-validation with a fixed seed. Pure. */
import { mulberry32 } from '../geometry/prng.ts';
import { leastSquares, predictRows, type DesignMatrix } from './least-squares.ts';

/** Mulberry32 from the raw seed (the committed fits' folds depend on exactly this mapping). */
export const seededRandom = (seed: number): (() => number) => mulberry32(seed);

/** Fold index (0..k-1) for each of n rows: a seeded Fisher–Yates permutation dealt round-robin. */
export function assignFolds(rowCount: number, foldCount: number, seed: number): Int32Array {
  const random = seededRandom(seed);
  const order = Array.from({ length: rowCount }, (_, i) => i);
  for (let i = rowCount - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const folds = new Int32Array(rowCount);
  order.forEach((row, position) => { folds[row] = position % foldCount; });
  return folds;
}

function subsetRows(x: DesignMatrix, keep: (i: number) => boolean): { matrix: DesignMatrix; index: number[] } {
  const index: number[] = [];
  for (let i = 0; i < x.rowCount; i++) if (keep(i)) index.push(i);
  const values = new Float64Array(index.length * x.columnCount);
  index.forEach((row, r) => values.set(x.values.subarray(row * x.columnCount, (row + 1) * x.columnCount), r * x.columnCount));
  return { matrix: { rowCount: index.length, columnCount: x.columnCount, values }, index };
}

/** Out-of-fold predictions: each row predicted by the OLS fit on the other k-1 folds. */
export function crossValidatedPredictions(
  x: DesignMatrix, y: ArrayLike<number>, folds: Int32Array, foldCount: number,
): Float64Array {
  const predictions = new Float64Array(x.rowCount);
  for (let fold = 0; fold < foldCount; fold++) {
    const train = subsetRows(x, (i) => folds[i] !== fold);
    const test = subsetRows(x, (i) => folds[i] === fold);
    const coefficients = leastSquares(train.matrix, train.index.map((i) => y[i]));
    const predicted = predictRows(test.matrix, coefficients);
    test.index.forEach((row, r) => { predictions[row] = predicted[r]; });
  }
  return predictions;
}
