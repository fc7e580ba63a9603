import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { median } from '../../../src/processing/statistics/median.ts';

describe('median', () => {
  it('is the middle value of an odd count and the mean of the two middle ones of an even count', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2.5);
  });

  it('leaves its input unsorted and is NaN for no values', () => {
    const values = [3, 1, 2];
    median(values);
    assert.deepEqual(values, [3, 1, 2]);
    assert.ok(Number.isNaN(median([])));
  });
});
