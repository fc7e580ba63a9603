// Parse-time budgets for large captures. Medians of several runs after a warm-up, on one core.
// Reproduce the figures: node_modules/.bin/node --test test/processing/capture/read-performance.test.ts
import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { writePly } from '../../../src/processing/capture/write-ply.ts';

const VERTICES = 1_000_000;

function randomPositions(count: number): Float32Array {
  const positions = new Float32Array(count * 3);
  let seed = 12345;
  for (let i = 0; i < positions.length; i++) {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    positions[i] = seed / 2 ** 32 - 0.5;
  }
  return positions;
}

/** Median wall time (ms) of `runs` reads after one warm-up read. */
function medianReadMs(bytes: Uint8Array, runs = 5): number {
  readCapture(bytes);
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    readCapture(bytes);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

describe('capture read performance', () => {
  const positions = randomPositions(VERTICES);

  it('parses a 1,000,000-vertex binary little-endian PLY point cloud in well under 200 ms', (t: TestContext) => {
    const bytes = writePly({ positions });
    const ms = medianReadMs(bytes);
    t.diagnostic(`1M-vertex binary LE float PLY (${(bytes.length / 2 ** 20).toFixed(1)} MiB): median ${ms.toFixed(1)} ms`);
    assert.deepEqual(readCapture(bytes).geometry.positions.subarray(0, 6), positions.subarray(0, 6));
    assert.ok(ms < 100, `took ${ms.toFixed(1)} ms`);
  });

  it('parses a 1,000,000-vertex, 2,000,000-triangle binary PLY mesh with normals and colours under 400 ms', (t: TestContext) => {
    const indices = new Uint32Array(VERTICES * 6);
    for (let i = 0; i < indices.length; i++) indices[i] = (i * 7919) % VERTICES;
    const bytes = writePly({ positions, normals: positions, colors: new Uint8Array(VERTICES * 3).fill(128), indices });
    const ms = medianReadMs(bytes);
    t.diagnostic(`1M-vertex 2M-triangle binary LE PLY with normals+colours (${(bytes.length / 2 ** 20).toFixed(1)} MiB): median ${ms.toFixed(1)} ms`);
    assert.ok(ms < 400, `took ${ms.toFixed(1)} ms`);
  });

  it('parses a 1,000,000-vertex big-endian double PLY under 200 ms', (t: TestContext) => {
    const bytes = writePly({ positions }, { encoding: 'binary_big_endian', coordinateType: 'double' });
    const ms = medianReadMs(bytes);
    t.diagnostic(`1M-vertex binary BE double PLY: median ${ms.toFixed(1)} ms`);
    assert.ok(ms < 200, `took ${ms.toFixed(1)} ms`);
  });

  it('parses a 1,000,000-vertex ASCII PLY under 1.5 s', (t: TestContext) => {
    const lines = ['ply', 'format ascii 1.0', `element vertex ${VERTICES}`, 'property float x', 'property float y', 'property float z', 'end_header'];
    for (let i = 0; i < VERTICES; i++) lines.push(`${positions[i * 3].toFixed(6)} ${positions[i * 3 + 1].toFixed(6)} ${positions[i * 3 + 2].toFixed(6)}`);
    const bytes = new TextEncoder().encode(`${lines.join('\n')}\n`);
    const ms = medianReadMs(bytes, 3);
    t.diagnostic(`1M-vertex ASCII PLY (${(bytes.length / 2 ** 20).toFixed(1)} MiB): median ${ms.toFixed(1)} ms`);
    assert.ok(ms < 1500, `took ${ms.toFixed(1)} ms`);
  });
});
