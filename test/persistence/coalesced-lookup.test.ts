import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coalescedLookup } from '../../src/persistence/coalesced-lookup.ts';

/** A loadMany that records each batch it was given and answers key * 10 (null for negatives). */
function recordingLoader() {
  const batches: number[][] = [];
  const loadMany = async (keys: number[]) => {
    batches.push([...keys]);
    return keys.map((key) => (key < 0 ? null : key * 10));
  };
  return { batches, loadMany };
}

describe('coalescedLookup', () => {
  it('runs lookups asked in the same turn as one batch, each caller getting its own value', async () => {
    const { batches, loadMany } = recordingLoader();
    const find = coalescedLookup(loadMany);
    const values = await Promise.all([find(1), find(2), find(-1), find(2)]);
    assert.deepEqual(values, [10, 20, null, 20]);
    assert.deepEqual(batches, [[1, 2, -1, 2]]);
  });

  it('starts a new batch for lookups asked after the previous one was sent', async () => {
    const { batches, loadMany } = recordingLoader();
    const find = coalescedLookup(loadMany);
    assert.equal(await find(1), 10);
    assert.equal(await find(2), 20);
    assert.deepEqual(batches, [[1], [2]]);
  });

  it('splits a turn with more lookups than the batch size into full batches', async () => {
    const { batches, loadMany } = recordingLoader();
    const find = coalescedLookup(loadMany, 3);
    const values = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(find));
    assert.deepEqual(values, [10, 20, 30, 40, 50, 60, 70]);
    assert.deepEqual(batches, [[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('rejects every caller of a batch whose query failed, and recovers for the next batch', async () => {
    let fail = true;
    const find = coalescedLookup(async (keys: number[]) => {
      if (fail) throw new Error('connection lost');
      return keys;
    });
    const outcomes = await Promise.allSettled([find(1), find(2)]);
    assert.deepEqual(outcomes.map((outcome) => outcome.status), ['rejected', 'rejected']);
    assert.match(String((outcomes[0] as PromiseRejectedResult).reason), /connection lost/);
    fail = false;
    assert.equal(await find(3), 3);
  });

  it('rejects every caller when the loader throws before returning a promise', async () => {
    const find = coalescedLookup((_keys: number[]): Promise<number[]> => { throw new Error('bad arguments'); });
    await assert.rejects(Promise.all([find(1), find(2)]), /bad arguments/);
  });

  it('rejects every caller when the loader answers the wrong number of values', async () => {
    const find = coalescedLookup(async (keys: number[]) => keys.slice(1));
    await assert.rejects(Promise.all([find(1), find(2)]), /1 values for 2 keys/);
  });
});
