// Capture parse times for large files: medians of several runs after a warm-up, on one core.
// Run: node_modules/.bin/node bench/capture-read.bench.ts
import { readCapture } from '../src/processing/capture/read-capture.ts';
import { writePly } from '../src/processing/capture/write-ply.ts';

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

const report = (label: string, bytes: Uint8Array, runs?: number): void => {
  console.log(`${label.padEnd(58)} ${(bytes.length / 2 ** 20).toFixed(1).padStart(6)} MiB  median ${medianReadMs(bytes, runs).toFixed(1).padStart(7)} ms`);
};

const positions = randomPositions(VERTICES);
report('1M-vertex binary LE float PLY point cloud', writePly({ positions, indices: null, colors: null, normals: null }));
const triangles = new Uint32Array(2 * VERTICES * 3);
for (let i = 0; i < triangles.length; i++) triangles[i] = (i * 7919) % VERTICES;
const colors = new Uint8Array(VERTICES * 3).fill(200);
const normals = new Float32Array(VERTICES * 3).fill(0.577);
report('1M-vertex 2M-triangle binary LE PLY, normals + colours', writePly({ positions, indices: triangles, colors, normals }));
report('1M-vertex binary BE double PLY', writePly({ positions, indices: null, colors: null, normals: null }, { encoding: 'binary_big_endian', coordinateType: 'double' }));
report('1M-vertex ASCII PLY', writePly({ positions, indices: null, colors: null, normals: null }, { encoding: 'ascii' }), 3);
