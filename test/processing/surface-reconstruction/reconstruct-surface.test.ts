import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { reconstructSurface } from '../../../src/processing/surface-reconstruction/reconstruct-surface.ts';
import { generateSyntheticBody, sampleSyntheticCloud } from '../../../src/processing/synthetic-body/generate.ts';
import { makeGaussian, makeRandom } from '../../../src/processing/geometry/prng.ts';
import { edgeUseCounts, signedVolume } from '../../support/mesh-checks.ts';

type Mesh = { positionsM: Float32Array; indices: Uint32Array };

/** Every edge on exactly two triangles, once in each direction; returns the Euler characteristic. */
function assertClosedOriented(mesh: Mesh): number {
  assert.ok(mesh.indices.length > 0, 'no triangles');
  const { undirected, directedRepeats, vertexCount } = edgeUseCounts(mesh.indices);
  const badEdges = [...undirected.values()].filter((uses) => uses !== 2).length;
  assert.equal(badEdges, 0, 'edges not on exactly two triangles');
  assert.equal(directedRepeats, 0, 'inconsistently oriented edges');
  assert.equal(vertexCount, mesh.positionsM.length / 3, 'unused vertices');
  return vertexCount - undirected.size + mesh.indices.length / 3;
}

/** Distance (m) from each point of the cloud to the nearest mesh vertex; Infinity beyond cellM (spatial hash of cell cellM). */
function pointToVertexDistances(points: Float32Array, mesh: Mesh, cellM: number): Float64Array {
  const key = (x: number, y: number, z: number) => `${Math.floor(x / cellM)},${Math.floor(y / cellM)},${Math.floor(z / cellM)}`;
  const buckets = new Map<string, number[]>();
  for (let v = 0; v < mesh.positionsM.length; v += 3) {
    const k = key(mesh.positionsM[v], mesh.positionsM[v + 1], mesh.positionsM[v + 2]);
    const bucket = buckets.get(k);
    if (bucket) bucket.push(v); else buckets.set(k, [v]);
  }
  const distances = new Float64Array(points.length / 3);
  for (let p = 0; p < points.length; p += 3) {
    let best = Infinity;
    const [x, y, z] = [points[p], points[p + 1], points[p + 2]];
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) for (let dz = -1; dz <= 1; dz++) {
      for (const v of buckets.get(key(x + dx * cellM, y + dy * cellM, z + dz * cellM)) ?? []) {
        best = Math.min(best, Math.hypot(mesh.positionsM[v] - x, mesh.positionsM[v + 1] - y, mesh.positionsM[v + 2] - z));
      }
    }
    distances[p / 3] = best <= cellM ? best : Infinity;
  }
  return distances.sort();
}

/** Points on the ellipsoid of semi-axes (a, b, c) (m) centred at `center`, Gaussian noise sigmaM per axis. */
function ellipsoidCloud(count: number, axesM: [number, number, number], center: [number, number, number], sigmaM: number, seed: number): Float32Array {
  const gauss = makeGaussian(makeRandom(seed));
  const out = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    const d = [gauss(), gauss(), gauss()];
    const length = Math.hypot(d[0], d[1], d[2]);
    for (let k = 0; k < 3; k++) out[i * 3 + k] = center[k] + (axesM[k] * d[k]) / length + sigmaM * gauss();
  }
  return out;
}

/** Points on a vertical capsule (radius r, cylinder length L, bottom at y = r... so it stands on y = 0), uniform by area. */
function capsuleCloud(count: number, radiusM: number, lengthM: number, sigmaM: number, seed: number): Float32Array {
  const random = makeRandom(seed);
  const gauss = makeGaussian(random);
  const out = new Float32Array(count * 3);
  const cylinderShare = lengthM / (lengthM + 2 * radiusM); // 2πrL against 4πr²
  for (let i = 0; i < count; i++) {
    let x: number, y: number, z: number;
    if (random() < cylinderShare) {
      const angle = random() * 2 * Math.PI;
      x = radiusM * Math.cos(angle); z = radiusM * Math.sin(angle); y = radiusM + random() * lengthM;
    } else {
      const d = [gauss(), gauss(), gauss()];
      const length = Math.hypot(d[0], d[1], d[2]);
      x = (radiusM * d[0]) / length; y = (radiusM * d[1]) / length; z = (radiusM * d[2]) / length;
      y += y >= 0 ? radiusM + lengthM : radiusM;
    }
    out[i * 3] = x + sigmaM * gauss(); out[i * 3 + 1] = y + sigmaM * gauss(); out[i * 3 + 2] = z + sigmaM * gauss();
  }
  return out;
}

describe('reconstructSurface on analytic shapes', () => {
  const radiusM = 0.15;
  const center: [number, number, number] = [0.02, 0.6, -0.01];
  const sphere = ellipsoidCloud(200_000, [radiusM, radiusM, radiusM], center, 0.001, 1);
  const mesh = reconstructSurface(sphere);

  it('closes a sampled sphere into a genus-0 surface facing outwards', () => {
    assert.equal(assertClosedOriented(mesh), 2);
    assert.ok(signedVolume(mesh.positionsM, mesh.indices) > 0);
    const triangles = mesh.indices.length / 3;
    assert.ok(triangles > 5_000 && triangles < 60_000, `${triangles} triangles`);
  });

  it('puts the sphere surface on the points: volume within 2 %, vertices within 2 mm, points within a cell', () => {
    const volume = signedVolume(mesh.positionsM, mesh.indices);
    const truth = (4 / 3) * Math.PI * radiusM ** 3;
    assert.ok(Math.abs(volume / truth - 1) < 0.02, `volume ${volume} vs ${truth}`);
    let worstVertexMm = 0;
    for (let v = 0; v < mesh.positionsM.length; v += 3) {
      const r = Math.hypot(mesh.positionsM[v] - center[0], mesh.positionsM[v + 1] - center[1], mesh.positionsM[v + 2] - center[2]);
      worstVertexMm = Math.max(worstVertexMm, Math.abs(r - radiusM) * 1000);
    }
    assert.ok(worstVertexMm < 2, `vertex ${worstVertexMm.toFixed(2)} mm off the sphere`);
    const distances = pointToVertexDistances(sphere, mesh, mesh.voxelSizeM);
    const worstPointM = distances[distances.length - 1];
    assert.ok(worstPointM < mesh.voxelSizeM, `a point ${(worstPointM * 1000).toFixed(1)} mm from the surface (cell ${mesh.voxelSizeM * 1000} mm)`);
  });

  it('reconstructs an ellipsoid within 2 % of its volume', () => {
    const axes: [number, number, number] = [0.18, 0.3, 0.1];
    const result = reconstructSurface(ellipsoidCloud(200_000, axes, [0, 0.4, 0], 0.002, 2));
    assert.equal(assertClosedOriented(result), 2);
    const truth = (4 / 3) * Math.PI * axes[0] * axes[1] * axes[2];
    const volume = signedVolume(result.positionsM, result.indices);
    assert.ok(Math.abs(volume / truth - 1) < 0.02, `volume ${volume} vs ${truth}`);
  });

  it('reconstructs a capsule standing on the floor within 2 % of its volume', () => {
    const [r, length] = [0.06, 0.5];
    const result = reconstructSurface(capsuleCloud(150_000, r, length, 0.001, 3));
    assert.equal(assertClosedOriented(result), 2);
    const truth = Math.PI * r * r * length + (4 / 3) * Math.PI * r ** 3;
    const volume = signedVolume(result.positionsM, result.indices);
    assert.ok(Math.abs(volume / truth - 1) < 0.02, `volume ${volume} vs ${truth}`);
  });

  it('closes a hole the scanner left at the top (a missing cap of 0.44 radius)', () => {
    const kept: number[] = [];
    for (let p = 0; p < sphere.length; p += 3) if (sphere[p + 1] - center[1] < 0.9 * radiusM) kept.push(sphere[p], sphere[p + 1], sphere[p + 2]);
    const result = reconstructSurface(Float32Array.from(kept));
    assert.equal(assertClosedOriented(result), 2);
    const volume = signedVolume(result.positionsM, result.indices);
    assert.ok(Math.abs(volume / ((4 / 3) * Math.PI * radiusM ** 3) - 1) < 0.02, `volume ${volume}`);
  });

  it('keeps a gap the closing would bridge open where the caller knows the space is empty (two spheres 20 mm apart, 10 mm cells)', () => {
    const r = 0.06, offset = r + 0.01;
    // Noise-free points: a 10 mm cell can only be empty where no point lies in it.
    const a = ellipsoidCloud(60_000, [r, r, r], [-offset, 0.3, 0], 0, 5), b = ellipsoidCloud(60_000, [r, r, r], [offset, 0.3, 0], 0, 6);
    const both = new Float32Array(a.length + b.length);
    both.set(a); both.set(b, a.length);
    // Euler characteristic 2: one closed surface (the closing bridged the gap); 4: two.
    assert.equal(assertClosedOriented(reconstructSurface(both, { voxelSizeM: 0.01, floorYM: null })), 2);
    const outside = (x: number, y: number, z: number) => Math.min(Math.hypot(x + offset, y - 0.3, z), Math.hypot(x - offset, y - 0.3, z)) - r > 0.004;
    const apart = reconstructSurface(both, { voxelSizeM: 0.01, floorYM: null, isEmpty: outside });
    assert.equal(assertClosedOriented(apart), 4);
    // Each sphere as large as when it is reconstructed alone at the same cells: nothing eaten from the facing sides.
    const alone = reconstructSurface(a, { voxelSizeM: 0.01, floorYM: null });
    const volume = signedVolume(apart.positionsM, apart.indices), single = signedVolume(alone.positionsM, alone.indices);
    assert.ok(Math.abs(volume / (2 * single) - 1) < 0.01, `volume ${volume} vs twice ${single}`);
  });

  it('returns an empty mesh for an empty cloud', () => {
    const result = reconstructSurface(new Float32Array(0));
    assert.equal(result.positionsM.length, 0);
    assert.equal(result.indices.length, 0);
  });
});

describe('reconstructSurface on a synthetic body', () => {
  const body = generateSyntheticBody({ sex: 'female', heightM: 1.66, weightKg: 64, seed: 4 });

  for (const [count, noiseSigmaM] of [[300_000, 0.002], [100_000, 0]] as const) {
    it(`gives a closed body of the true volume and height (${count.toLocaleString('en')} points, noise ${noiseSigmaM * 1000} mm)`, () => {
      const cloud = sampleSyntheticCloud(body, { count, noiseSigmaM, seed: 7 });
      const mesh = reconstructSurface(cloud.positions);
      assertClosedOriented(mesh);
      const volume = signedVolume(mesh.positionsM, mesh.indices);
      assert.ok(Math.abs(volume / body.truth.volumeM3 - 1) < 0.03, `volume ${volume} vs ${body.truth.volumeM3}`);
      let minY = Infinity, maxY = -Infinity;
      for (let v = 1; v < mesh.positionsM.length; v += 3) { minY = Math.min(minY, mesh.positionsM[v]); maxY = Math.max(maxY, mesh.positionsM[v]); }
      assert.ok(Math.abs(maxY - body.truth.statureM) < 0.01, `top ${maxY} vs stature ${body.truth.statureM}`);
      assert.ok(Math.abs(minY) < 0.01, `soles at ${minY}`);
      const triangles = mesh.indices.length / 3;
      assert.ok(triangles >= 30_000 && triangles <= 150_000, `${triangles} triangles`);
      // Nearest vertex, not nearest surface point: vertices are ~half a cell apart. Where the closing
      // bridges a crease narrower than two cells, points lie deeper than a cell: this generator leaves
      // only 3 mm between the inner arm and the torso (the armpit band holds ~1.5 % of the points),
      // and the crotch and the foot-leg junctions hold most of the rest.
      // (A watertight 8 mm surface cannot follow a 3 mm slot; a real armpit is wider.)
      const distances = pointToVertexDistances(cloud.positions.subarray(0, 60_000), mesh, 6 * mesh.voxelSizeM);
      const p97M = distances[Math.floor(distances.length * 0.97)];
      const worstM = distances[distances.length - 1];
      assert.ok(p97M < mesh.voxelSizeM, `97 % of the points within ${(p97M * 1000).toFixed(1)} mm of a vertex`);
      // The deepest armpit points sit ~35 mm inside the web (measured); the bound catches a lost limb.
      assert.ok(worstM < 6 * mesh.voxelSizeM, `a point ${(worstM * 1000).toFixed(1)} mm from the surface`);
    });
  }
});

describe('reconstructSurface: the paraboloid snap', () => {
  // A limb-sized cylinder (radius 40 mm) at the recordings' 10 mm cells: the centroid of the points
  // near a vertex lies inside a convex surface; a paraboloid through them does not.
  const radiusM = 0.04, lengthM = 0.3;
  const cloud = capsuleCloud(150_000, radiusM, lengthM, 0, 3);
  /** Mean signed distance (mm) of the cylinder part's vertices from the true cylinder. */
  const meanRadialErrorMm = (mesh: Mesh): number => {
    let sum = 0, count = 0;
    for (let v = 0; v < mesh.positionsM.length; v += 3) {
      const y = mesh.positionsM[v + 1];
      if (y < radiusM + 0.05 || y > radiusM + lengthM - 0.05) continue;
      sum += Math.hypot(mesh.positionsM[v], mesh.positionsM[v + 2]) - radiusM; count++;
    }
    return (1000 * sum) / count;
  };

  it('reads a 40 mm cylinder within 0.25 mm on average, under half the centroid snap\'s shortfall', () => {
    const centroid = meanRadialErrorMm(reconstructSurface(cloud, { voxelSizeM: 0.01, floorYM: null }));
    const paraboloid = meanRadialErrorMm(reconstructSurface(cloud, { voxelSizeM: 0.01, floorYM: null, paraboloidSnap: true }));
    const figures = `paraboloid ${paraboloid.toFixed(2)} mm, centroid ${centroid.toFixed(2)} mm`;
    assert.ok(centroid < -0.3, figures);
    assert.ok(Math.abs(paraboloid) < 0.25 && Math.abs(paraboloid) < 0.5 * Math.abs(centroid), figures);
  });
});
