import type { ReadCapture } from '../../domain/body-scan-result.ts';
import { malformed, unsupported } from './capture-failures.ts';
import type { CaptureReadLimits } from './capture-limits.ts';
import { accessorInfo, readAccessorFloats, readAccessorIndices, type AccessorInfo } from './glb-accessor.ts';
import { parseGlbContainer } from './glb-container.ts';
import { integerAt, isObject, objectAt, optionalArray, type JsonObject } from './glb-json.ts';
import { meshInstances } from './glb-scene.ts';
import { allFinite, assertCountsWithinLimits, assertFinitePositions } from './geometry-checks.ts';

/**
 * Reads a GLB (glTF 2.0 binary) capture: the POSITION of every primitive of every drawn mesh, with
 * the node hierarchy's world transforms applied, into one vertex list. glTF's frame is metres with
 * +Y up, so hints say so. Modes: triangles (4), strip (5) and fan (6) become triangles; points (0)
 * contribute vertices only; lines are rejected. NORMAL (transformed by the inverse transpose) and
 * COLOR_0 (linear, converted to sRGB 0..255) are kept only when every primitive has them.
 * Skins, morph targets, materials and textures are ignored.
 */

/** Required extensions that change nothing this reader depends on. */
const HARMLESS_EXTENSION = /^(KHR_materials_|KHR_texture_|KHR_mesh_quantization$|KHR_lights_punctual$)/;

interface PrimitivePlan {
  path: string;
  world: Float64Array;
  mode: number;
  position: AccessorInfo;
  normal: AccessorInfo | null;
  color: AccessorInfo | null;
  indices: AccessorInfo | null;
  triangleCount: number;
}

function triangleCount(mode: number, elementCount: number): number {
  if (mode === 4) return Math.floor(elementCount / 3);
  if (mode === 5 || mode === 6) return Math.max(0, elementCount - 2);
  return 0;
}

function planPrimitives(gltf: JsonObject, bin: Uint8Array | null): PrimitivePlan[] {
  const meshes = optionalArray(gltf, 'meshes', 'root');
  const plans: PrimitivePlan[] = [];
  for (const { meshIndex, world } of meshInstances(gltf)) {
    const mesh = objectAt(meshes[meshIndex], `meshes[${meshIndex}]`);
    optionalArray(mesh, 'primitives', `meshes[${meshIndex}]`).forEach((value, p) => {
      const path = `meshes[${meshIndex}].primitives[${p}]`;
      const primitive = objectAt(value, path);
      const attributes = objectAt(primitive.attributes, `${path}.attributes`);
      if (attributes.POSITION === undefined) return;
      const mode = integerAt(primitive, 'mode', path, 6, 4);
      if (mode >= 1 && mode <= 3) throw unsupported(`The GLB ${path} draws lines; only triangles and points are read.`);
      const accessorAt = (key: string): AccessorInfo => accessorInfo(gltf, integerAt(attributes, key, `${path}.attributes`, 2 ** 32), bin);
      const position = accessorAt('POSITION');
      if (position.componentCount !== 3) throw malformed(`The GLB ${path} POSITION is not a VEC3 accessor.`);
      const normal = attributes.NORMAL === undefined ? null : accessorAt('NORMAL');
      const color = attributes.COLOR_0 === undefined ? null : accessorAt('COLOR_0');
      const indices = primitive.indices === undefined ? null : accessorInfo(gltf, integerAt(primitive, 'indices', path, 2 ** 32), bin);
      const elementCount = indices === null ? position.count : indices.count;
      plans.push({ path, world, mode, position, normal, color, indices, triangleCount: triangleCount(mode, elementCount) });
    });
  }
  return plans;
}

function linearToSrgbByte(linear: number): number {
  if (!(linear > 0)) return 0;
  if (linear >= 1) return 255;
  const srgb = linear <= 0.0031308 ? linear * 12.92 : 1.055 * Math.pow(linear, 1 / 2.4) - 0.055;
  return Math.round(srgb * 255);
}

function writePositions(plan: PrimitivePlan, bin: Uint8Array, out: Float32Array, firstVertex: number): void {
  const source = readAccessorFloats(plan.position, bin);
  assertFinitePositions(source, 'GLB', firstVertex);
  const m = plan.world;
  for (let i = 0, o = firstVertex * 3; i < source.length; i += 3, o += 3) {
    const x = source[i], y = source[i + 1], z = source[i + 2];
    out[o] = m[0] * x + m[4] * y + m[8] * z + m[12];
    out[o + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    out[o + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  }
}

function writeNormals(plan: PrimitivePlan, normal: AccessorInfo, bin: Uint8Array, out: Float32Array, firstVertex: number): void {
  if (normal.componentCount !== 3 || normal.count !== plan.position.count) throw malformed(`The GLB ${plan.path} NORMAL does not match its POSITION.`);
  const source = readAccessorFloats(normal, bin);
  const m = plan.world;
  // Inverse transpose of the upper 3x3 up to a positive factor: columns a1 x a2, a2 x a0, a0 x a1.
  const a0 = [m[0], m[1], m[2]], a1 = [m[4], m[5], m[6]], a2 = [m[8], m[9], m[10]];
  const cross = (u: number[], v: number[]): number[] => [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const c0 = cross(a1, a2), c1 = cross(a2, a0), c2 = cross(a0, a1);
  const sign = a0[0] * c0[0] + a0[1] * c0[1] + a0[2] * c0[2] < 0 ? -1 : 1;
  for (let i = 0, o = firstVertex * 3; i < source.length; i += 3, o += 3) {
    const x = source[i], y = source[i + 1], z = source[i + 2];
    const nx = c0[0] * x + c1[0] * y + c2[0] * z;
    const ny = c0[1] * x + c1[1] * y + c2[1] * z;
    const nz = c0[2] * x + c1[2] * y + c2[2] * z;
    const scale = sign / (Math.hypot(nx, ny, nz) || 1);
    out[o] = nx * scale;
    out[o + 1] = ny * scale;
    out[o + 2] = nz * scale;
  }
}

function writeColors(plan: PrimitivePlan, color: AccessorInfo, bin: Uint8Array, out: Uint8Array, firstVertex: number): void {
  const k = color.componentCount;
  if ((k !== 3 && k !== 4) || color.count !== plan.position.count) throw malformed(`The GLB ${plan.path} COLOR_0 does not match its POSITION.`);
  if (color.type !== 'float32' && !color.normalized) throw malformed(`The GLB ${plan.path} COLOR_0 must be float or normalized integers.`);
  const source = readAccessorFloats(color, bin);
  for (let i = 0, o = firstVertex * 3; i < color.count; i++, o += 3) {
    out[o] = linearToSrgbByte(source[i * k]);
    out[o + 1] = linearToSrgbByte(source[i * k + 1]);
    out[o + 2] = linearToSrgbByte(source[i * k + 2]);
  }
}

/** Appends the primitive's triangles (global vertex numbers) at out[start]; returns the new end. */
function writeTriangles(plan: PrimitivePlan, bin: Uint8Array, out: Uint32Array, start: number, firstVertex: number): number {
  const vertexCount = plan.position.count;
  let local: Uint32Array;
  if (plan.indices === null) {
    local = new Uint32Array(vertexCount);
    for (let i = 0; i < vertexCount; i++) local[i] = i;
  } else local = readAccessorIndices(plan.indices, bin, plan.path);
  for (let i = 0; i < local.length; i++) {
    if (local[i] >= vertexCount) {
      throw malformed(`The GLB ${plan.path} has index ${local[i]} but only ${vertexCount} vertices.`);
    }
  }
  let t = start;
  for (let i = 0; i < plan.triangleCount; i++) {
    let a: number, b: number, c: number;
    if (plan.mode === 4) { a = local[i * 3]; b = local[i * 3 + 1]; c = local[i * 3 + 2]; }
    else if (plan.mode === 5) { a = local[i]; b = local[i + (i % 2 === 0 ? 1 : 2)]; c = local[i + (i % 2 === 0 ? 2 : 1)]; }
    else { a = local[0]; b = local[i + 1]; c = local[i + 2]; }
    out[t++] = a + firstVertex;
    out[t++] = b + firstVertex;
    out[t++] = c + firstVertex;
  }
  return t;
}

/** Reads a GLB file into one vertex list in the scene's world frame (metres, +Y up by glTF's rule). */
export function readGlb(bytes: Uint8Array, limits: CaptureReadLimits): ReadCapture {
  const { json, bin } = parseGlbContainer(bytes);
  const gltf = objectAt(json, 'root');
  if (!isObject(gltf.asset)) throw malformed('The GLB JSON has no asset object, so it is not glTF 2.0.');
  for (const extension of optionalArray(gltf, 'extensionsRequired', 'root')) {
    if (typeof extension !== 'string' || !HARMLESS_EXTENSION.test(extension)) {
      throw unsupported(`The GLB requires the extension ${String(extension)}, which this server does not read; export without it.`);
    }
  }
  const plans = planPrimitives(gltf, bin);
  const vertexCount = plans.reduce((sum, plan) => sum + plan.position.count, 0);
  const triangles = plans.reduce((sum, plan) => sum + plan.triangleCount, 0);
  assertCountsWithinLimits(vertexCount, triangles, limits, 'GLB');
  const binary = bin as Uint8Array;
  const positions = new Float32Array(vertexCount * 3);
  const normals = plans.every((p) => p.normal !== null) ? new Float32Array(vertexCount * 3) : null;
  const colors = plans.every((p) => p.color !== null) ? new Uint8Array(vertexCount * 3) : null;
  const indices = triangles > 0 ? new Uint32Array(triangles * 3) : null;
  let firstVertex = 0;
  let indexEnd = 0;
  for (const plan of plans) {
    writePositions(plan, binary, positions, firstVertex);
    if (normals !== null && plan.normal !== null) writeNormals(plan, plan.normal, binary, normals, firstVertex);
    if (colors !== null && plan.color !== null) writeColors(plan, plan.color, binary, colors, firstVertex);
    if (indices !== null) indexEnd = writeTriangles(plan, binary, indices, indexEnd, firstVertex);
    firstVertex += plan.position.count;
  }
  assertFinitePositions(positions, 'GLB');
  const geometry = { positions, indices, colors, normals: normals !== null && allFinite(normals) ? normals : null };
  return { format: 'glb', geometry, hints: { unit: 'm', upAxis: '+y' } };
}
