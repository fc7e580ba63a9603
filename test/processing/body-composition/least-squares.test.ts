import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { designMatrixFromRows, leastSquares } from '../../../src/processing/statistics/least-squares.ts';
import { assignFolds, crossValidatedPredictions } from '../../../src/processing/statistics/cross-validation.ts';
import { summarizeErrors } from '../../../src/processing/statistics/error-metrics.ts';

describe('least squares by Householder QR', () => {
  it('recovers exact coefficients of a noiseless linear model', () => {
    const rows = Array.from({ length: 20 }, (_, i) => [1, i, Math.sin(i)]);
    const y = rows.map(([, a, b]) => 3 - 2 * a + 0.5 * b);
    const b = leastSquares(designMatrixFromRows(rows), y);
    assert.ok(Math.abs(b[0] - 3) < 1e-10 && Math.abs(b[1] + 2) < 1e-10 && Math.abs(b[2] - 0.5) < 1e-10, `${b}`);
  });
  it('matches the textbook slope of a small regression (x 1..5, y 2,4,5,4,5: slope 0.6, intercept 2.2)', () => {
    const b = leastSquares(designMatrixFromRows([1, 2, 3, 4, 5].map((x) => [1, x])), [2, 4, 5, 4, 5]);
    assert.ok(Math.abs(b[0] - 2.2) < 1e-12 && Math.abs(b[1] - 0.6) < 1e-12);
  });
  it('refuses a rank-deficient design', () => {
    assert.throws(() => leastSquares(designMatrixFromRows([[1, 2], [2, 4], [3, 6]]), [1, 2, 3]), /rank deficient/);
  });
});

describe('k-fold cross-validation', () => {
  it('assigns the same folds for the same seed and balances fold sizes', () => {
    const a = assignFolds(103, 10, 7);
    assert.deepEqual(a, assignFolds(103, 10, 7));
    const sizes = Array.from({ length: 10 }, (_, k) => a.filter((f) => f === k).length);
    assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1);
  });
  it('predicts a noiseless linear target exactly out of fold, with zero MAE and bias', () => {
    const rows = Array.from({ length: 50 }, (_, i) => [1, i % 7, i / 3]);
    const y = rows.map(([, a, b]) => 1 + a - b);
    const predictions = crossValidatedPredictions(designMatrixFromRows(rows), y, assignFolds(50, 10, 1), 10);
    const summary = summarizeErrors(predictions, y);
    assert.ok(summary.mae < 1e-9 && Math.abs(summary.bias) < 1e-9);
  });
});
