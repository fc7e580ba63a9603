// The capture variants each body goes through: the mesh itself, a noisy scanner-like point cloud
// with a floor patch, a random yaw, millimetre units, a Z-up file. Output is file-style geometry
// (float32, file units and axes) ready to be written as PLY. Truth stays in the truth frame
// (metres, Y up, facing +Z); the evaluation maps the measurer's canonical frame back onto it.
import type { CaptureHints } from '../../src/domain/capture-geometry.ts';
import type { BodyMesh } from './body-mesh.ts';
import type { PlyGeometry } from '../../src/processing/capture/write-ply.ts';
import { seededRandom, type SeededRandom } from '../../src/processing/evaluation/seeded-random.ts';
import { addGaussianNoise, sampleSurface } from '../../src/processing/evaluation/surface-sampling.ts';
import { rotateYaw } from '../../src/processing/evaluation/rigid-registration.ts';

export const VARIANT_NAMES = ['mesh', 'cloud', 'cloud-yaw', 'mesh-mm', 'mesh-zup'] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];

export interface VariantOptions {
  /** Surface samples of the point-cloud variants (default 300,000). */
  cloudPoints: number;
  /** Gaussian noise per coordinate of the point clouds, metres (default 0.002). */
  noiseSigmaM: number;
  /** Points of the floor patch under the feet (default 40,000). */
  floorPoints: number;
}

export const DEFAULT_VARIANT_OPTIONS: VariantOptions = { cloudPoints: 300_000, noiseSigmaM: 0.002, floorPoints: 40_000 };

export interface Variant {
  name: VariantName;
  geometry: PlyGeometry;
  /** What was done to the body, for the report (e.g. "yaw 123.4 deg"). */
  note: string;
  /** Hints measuring gets on top of what the capture file says (a reconstructed recording's, as production passes them). */
  hints?: Partial<CaptureHints>;
}

/** Floor patch: 1.2 m x 1.2 m square at y = 0 centred under the feet, with the same noise. */
function floorPatch(body: BodyMesh, count: number, sigmaM: number, random: SeededRandom): Float64Array {
  let cx = 0, cz = 0, n = 0;
  for (let i = 0; i < body.positionsM.length / 3; i++) {
    if (body.positionsM[3 * i + 1] < 0.05) { cx += body.positionsM[3 * i]; cz += body.positionsM[3 * i + 2]; n++; }
  }
  cx /= n; cz /= n;
  const out = new Float64Array(3 * count);
  for (let i = 0; i < count; i++) {
    out[3 * i] = cx + (random.uniform() - 0.5) * 1.2;
    out[3 * i + 1] = 0;
    out[3 * i + 2] = cz + (random.uniform() - 0.5) * 1.2;
  }
  return addGaussianNoise(out, sigmaM, random);
}

function noisyCloud(body: BodyMesh, options: VariantOptions, random: SeededRandom): Float64Array {
  const surface = addGaussianNoise(sampleSurface(body.positionsM, body.triangles, options.cloudPoints, random), options.noiseSigmaM, random);
  const floor = floorPatch(body, options.floorPoints, options.noiseSigmaM, random);
  const all = new Float64Array(surface.length + floor.length);
  all.set(surface);
  all.set(floor, surface.length);
  return all;
}

function map(points: Float64Array, f: (x: number, y: number, z: number) => [number, number, number]): Float32Array {
  const out = new Float32Array(points.length);
  for (let i = 0; i < points.length; i += 3) out.set(f(points[i], points[i + 1], points[i + 2]), i);
  return out;
}

/** A separate piece appended to mesh captures (e.g. a floor remnant), metres, truth frame. */
export interface MeshPiece {
  positionsM: Float64Array;
  triangles: Uint32Array;
}

function withPiece(body: BodyMesh, piece: MeshPiece | undefined): { positions: Float64Array; indices: Uint32Array } {
  if (!piece) return { positions: body.positionsM, indices: body.triangles };
  const offset = body.positionsM.length / 3;
  const positions = new Float64Array(body.positionsM.length + piece.positionsM.length);
  positions.set(body.positionsM); positions.set(piece.positionsM, body.positionsM.length);
  const indices = new Uint32Array(body.triangles.length + piece.triangles.length);
  indices.set(body.triangles); indices.set(piece.triangles.map((i) => i + offset), body.triangles.length);
  return { positions, indices };
}

/**
 * One capture of `body` (the surface a scanner sees: the whole body, or a partial surface).
 * `meshPiece` is appended to the mesh variants only (a floor remnant of a partial capture).
 */
export function buildVariant(name: VariantName, body: BodyMesh, seed: number, options: VariantOptions = DEFAULT_VARIANT_OPTIONS, meshPiece?: MeshPiece): Variant {
  const random = seededRandom(seed);
  const { positions: meshPositions, indices } = withPiece(body, meshPiece);
  const piece = meshPiece ? ', floor remnant' : '';
  switch (name) {
    case 'mesh':
      return { name, geometry: { positions: map(meshPositions, (x, y, z) => [x, y, z]), indices }, note: `metres, Y up${piece}` };
    case 'cloud': {
      const cloud = noisyCloud(body, options, random);
      return { name, geometry: { positions: map(cloud, (x, y, z) => [x, y, z]) }, note: `${options.cloudPoints} pts, sigma ${options.noiseSigmaM * 1000} mm, floor ${options.floorPoints} pts` };
    }
    case 'cloud-yaw': {
      const yawRad = random.uniform() * 2 * Math.PI;
      const cloud = noisyCloud(body, options, random);
      return { name, geometry: { positions: map(cloud, (x, y, z) => rotateYaw(yawRad, [x, y, z])) }, note: `cloud, yaw ${((yawRad * 180) / Math.PI).toFixed(1)} deg` };
    }
    case 'mesh-mm':
      return { name, geometry: { positions: map(meshPositions, (x, y, z) => [1000 * x, 1000 * y, 1000 * z]), indices }, note: `millimetres, Y up${piece}` };
    case 'mesh-zup':
      // Rotation of +90 deg about +x: up (+y) becomes +z, front (+z) becomes -y.
      return { name, geometry: { positions: map(meshPositions, (x, y, z) => [x, -z, y]), indices }, note: `metres, Z up${piece}` };
  }
}
