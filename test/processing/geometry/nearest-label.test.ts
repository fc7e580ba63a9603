import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { transferLabels } from '../../../src/processing/geometry/nearest-label.ts';
import { makeRandom } from '../../../src/processing/geometry/prng.ts';

/** The definition: the label of the nearest source within maxDistM (first of equals), else none. */
function bruteForce(source: Float32Array, labels: Uint8Array, query: Float32Array, maxDistM: number, none: number): Uint8Array {
  const out = new Uint8Array(query.length / 3);
  for (let q = 0; q < out.length; q++) {
    let best = maxDistM * maxDistM, label = none;
    for (let i = 0; i < labels.length; i++) {
      const ex = source[3 * i] - query[3 * q], ey = source[3 * i + 1] - query[3 * q + 1], ez = source[3 * i + 2] - query[3 * q + 2];
      const d2 = ex * ex + ey * ey + ez * ez;
      if (d2 < best) { best = d2; label = labels[i]; }
    }
    out[q] = label;
  }
  return out;
}

describe('transferLabels', () => {
  it('gives each query the label of its nearest source within the radius, as a brute-force scan does (surface-like and scattered queries, negative coordinates, cell corners)', () => {
    const random = makeRandom(7);
    // Sources on a sphere shell of radius 0.3 m around (−0.1, 0.9, 0.05), labelled by octant;
    // queries on the shell, near it, inside it, and on exact multiples of the cell size.
    const sourceCount = 6000, queryCount = 3000, cellM = 0.03;
    const source = new Float32Array(3 * sourceCount), labels = new Uint8Array(sourceCount);
    const onShell = (out: Float32Array, o: number, r: number) => {
      const u = 2 * random() - 1, phi = 2 * Math.PI * random(), s = Math.sqrt(1 - u * u);
      out[o] = -0.1 + r * s * Math.cos(phi); out[o + 1] = 0.9 + r * u; out[o + 2] = 0.05 + r * s * Math.sin(phi);
    };
    for (let i = 0; i < sourceCount; i++) {
      onShell(source, 3 * i, 0.3);
      labels[i] = (source[3 * i] > -0.1 ? 1 : 0) + (source[3 * i + 1] > 0.9 ? 2 : 0) + (source[3 * i + 2] > 0.05 ? 4 : 0);
    }
    const query = new Float32Array(3 * queryCount);
    for (let q = 0; q < queryCount; q++) {
      const kind = q % 4;
      if (kind === 3) {
        query[3 * q] = -0.1 + cellM * Math.round((2 * random() - 1) * 10);
        query[3 * q + 1] = 0.9 + cellM * Math.round((2 * random() - 1) * 10);
        query[3 * q + 2] = cellM * Math.round((2 * random() - 1) * 10);
      } else onShell(query, 3 * q, kind === 0 ? 0.3 : kind === 1 ? 0.3 + 0.04 * (random() - 0.5) : 0.2 + 0.2 * random());
    }
    const got = transferLabels(source, labels, sourceCount, query, queryCount, cellM, 255);
    assert.deepEqual(got, bruteForce(source, labels, query, cellM, 255));
    const found = got.filter((label) => label !== 255).length;
    assert.ok(found > 0.5 * queryCount && found < queryCount, `${found} of ${queryCount} labelled`);
  });
});
