/**
 * Point clouds from a triangle mesh, as a depth scanner would return them: points uniformly
 * distributed over the visible surface, isotropic Gaussian noise, and an optional floor patch
 * around the feet. Faces a scanner cannot see (the flat caps where the legs meet the torso, the
 * soles on the floor) are skipped. Deterministic from the seed.
 */
import { makeGaussian, makeRandom } from '../geometry/prng.ts';
import { sampleSurface } from '../geometry/surface-sample.ts';
import type { TriangleMesh } from './tube-mesh.ts';

export interface CloudOptions {
  /** Number of body points. */
  count: number;
  /** Gaussian noise standard deviation per axis (m). */
  noiseSigmaM?: number;
  seed?: number;
  /** Adds a noisy floor patch (square, side floorSizeM, at y = 0) with this many points. */
  floorPoints?: number;
  floorSizeM?: number;
  /** Heights (m) of horizontal internal faces to skip (e.g. the crotch plane). */
  hiddenPlanesY?: number[];
}

/** Returns xyz-interleaved positions (m, canonical frame of the mesh). */
export function sampleCloud(mesh: TriangleMesh, options: CloudOptions): Float32Array {
  const random = makeRandom((options.seed ?? 1) * 7919 + 13);
  const gauss = makeGaussian(random);
  const sigma = options.noiseSigmaM ?? 0;
  const { positions: p, indices } = mesh;
  const planes = [0, ...(options.hiddenPlanesY ?? [])];
  const skip = (t: number) => {
    const ya = p[3 * indices[3 * t] + 1], yb = p[3 * indices[3 * t + 1] + 1], yc = p[3 * indices[3 * t + 2] + 1];
    return planes.some((y) => Math.abs(ya - y) < 1e-5 && Math.abs(yb - y) < 1e-5 && Math.abs(yc - y) < 1e-5);
  };
  const body = sampleSurface(p, indices, options.count, options.seed ?? 1, skip);
  const floorPoints = options.floorPoints ?? 0;
  const out = new Float32Array(3 * (options.count + floorPoints));
  for (let i = 0; i < 3 * options.count; i++) out[i] = body[i] + sigma * gauss();
  const size = options.floorSizeM ?? 1.4;
  for (let i = 0; i < floorPoints; i++) {
    const j = options.count + i;
    out[3 * j] = (random() - 0.5) * size;
    out[3 * j + 1] = sigma * gauss();
    out[3 * j + 2] = (random() - 0.5) * size + 0.05;
  }
  return out;
}
