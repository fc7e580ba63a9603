// A coloured point cloud keeps its colours through every point filter (floor, isolated points), up to
// the avatar: each surviving point carries the colour of the capture point it came from.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_NATIVE_CONFIG_ID } from '../../../src/processing/assets/asset-configs.ts';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { writePly } from '../../../src/processing/capture/write-ply.ts';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import { generateSyntheticBody, sampleSyntheticCloud } from '../../../src/processing/synthetic-body/generate.ts';
import { defaultScanPipeline } from '../../../src/services/default-scan-pipeline.ts';
import { measureModelBody, modelParams } from '../../support/model-measurement.ts';
import { samplePointCloud } from '../../support/sample-surface.ts';

/** Flyers far from the body and from each other (m): the isolated-point filter must drop them. */
const OUTLIERS: readonly [number, number, number][] = [[1.2, 1.0, 0.9], [-1.3, 0.6, -1.1], [0.9, 1.9, -1.0], [-1.0, 1.4, 1.2], [1.5, 0.3, -0.2]];

/** The cloud with the outliers appended and a floor patch (y = 0, around the feet) of floorCount points. */
function withFloorAndOutliers(positions: Float32Array, floorCount: number): Float32Array {
  const out = new Float32Array(positions.length + 3 * (floorCount + OUTLIERS.length));
  out.set(positions);
  let o = positions.length;
  for (let i = 0; i < floorCount; i++) {
    // A regular 0.8 m x 0.8 m grid, deterministic.
    const side = Math.ceil(Math.sqrt(floorCount));
    out[o++] = -0.4 + (0.8 * (i % side)) / side; out[o++] = 0; out[o++] = -0.4 + (0.8 * Math.floor(i / side)) / side;
  }
  for (const point of OUTLIERS) { out.set(point, o); o += 3; }
  return out;
}

/** Point i's colour encodes i + 1 (24 bits), so a colour names the capture point it belongs to. */
function indexColours(count: number): Uint8Array {
  const colors = new Uint8Array(3 * count);
  for (let i = 0; i < count; i++) { const id = i + 1; colors[3 * i] = id >> 16; colors[3 * i + 1] = (id >> 8) & 255; colors[3 * i + 2] = id & 255; }
  return colors;
}

describe('colours of a coloured point cloud through the floor and outlier filters', () => {
  it('keeps on every surviving point the colour of the capture point it came from (PLY with a floor and outliers)', () => {
    const body = generateSyntheticBody({ sex: 'female', heightM: 1.68, weightKg: 64, seed: 7 });
    const bodyCloud = sampleSyntheticCloud(body, { count: 100_000, noiseSigmaM: 0.002, seed: 3 });
    const positions = withFloorAndOutliers(bodyCloud.positions, 8000);
    const count = positions.length / 3;
    const capture = readCapture(writePly({ positions, colors: indexColours(count) }));
    assert.equal(capture.geometry.colors?.length, 3 * count);

    const result = measureBody(capture.geometry, capture.hints, {});
    const kept = result.canonical.positions.length / 3;
    assert.ok(Number(result.diagnostics.floorPointsRemoved) >= 8000, `floor points removed: ${result.diagnostics.floorPointsRemoved}`);
    assert.ok(Number(result.diagnostics.outliersRemoved) >= OUTLIERS.length, `outliers removed: ${result.diagnostics.outliersRemoved}`);
    const colors = result.canonical.colors;
    assert.ok(colors, 'the canonical cloud has colours');
    assert.equal(colors.length, 3 * kept);

    const source = new Uint32Array(kept);
    const seen = new Uint8Array(count);
    for (let i = 0; i < kept; i++) {
      const id = (colors[3 * i] << 16) | (colors[3 * i + 1] << 8) | colors[3 * i + 2];
      assert.ok(id >= 1 && id <= count, `point ${i} has colour id ${id}`);
      source[i] = id - 1;
      assert.equal(seen[source[i]], 0, `two points carry the colour of capture point ${source[i]}`);
      seen[source[i]] = 1;
    }
    for (let j = bodyCloud.positions.length / 3; j < count; j++) assert.equal(seen[j], 0, `floor or outlier point ${j} survived`);
    // The canonical frame is a rigid motion of the capture (metres in, metres out): the distance of
    // every point to two reference points is the distance between the capture points its colour names.
    const p = result.canonical.positions, q = capture.geometry.positions;
    const distance = (a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number): number => Math.hypot(a[3 * i] - b[3 * j], a[3 * i + 1] - b[3 * j + 1], a[3 * i + 2] - b[3 * j + 2]);
    let worstM = 0;
    for (const reference of [0, kept - 1]) {
      for (let i = 0; i < kept; i++) worstM = Math.max(worstM, Math.abs(distance(p, i, p, reference) - distance(q, source[i], q, source[reference])));
    }
    assert.ok(worstM < 1e-4, `largest distance mismatch ${worstM} m`);
  });

  it('gives the avatar of the production pipeline the capture\'s colours (a floor and outliers in the PLY)', () => {
    const body = measureModelBody(modelParams(undefined, { 0: 0.6, 1: -0.4 }, 0.35));
    const cloud = samplePointCloud(body.result.canonical.positions, body.result.canonical.indices!, 120_000, 5);
    const positions = withFloorAndOutliers(cloud.positions, 6000);
    const colors = new Uint8Array(positions.length);
    colors.set(cloud.colors);
    colors.fill(0, cloud.colors.length); // floor and flyers: black, a colour the body does not wear
    const pipeline = defaultScanPipeline();
    const capture = pipeline.read(writePly({ positions, colors }));
    const measured = pipeline.measure(capture, {});
    const files = pipeline.assets(measured, pipeline.fit(measured), capture, DEFAULT_NATIVE_CONFIG_ID);
    const model = files.find((file) => file.assetKey === 'model');
    assert.ok(model, 'a model asset');
    const avatar = readCapture(model.bytes).geometry;
    assert.ok(avatar.colors, 'the avatar has per-vertex colours');
    // The top (blue, 70/120/180) covers the chest: avatar vertices there are blue, not skin or black.
    let chest = 0, blue = 0;
    for (let v = 0; v < avatar.positions.length / 3; v++) {
      const x = avatar.positions[3 * v], y = avatar.positions[3 * v + 1];
      if (y < 1.15 || y > 1.35 || Math.abs(x) > 0.12) continue;
      chest++;
      const [r, g, b] = [avatar.colors[3 * v], avatar.colors[3 * v + 1], avatar.colors[3 * v + 2]];
      if (b > r + 60 && b > g + 20) blue++;
    }
    assert.ok(chest > 50, `${chest} chest vertices`);
    assert.ok(blue / chest > 0.9, `${blue} of ${chest} chest vertices blue`);
  });
});
