import { malformed, noVertices } from './capture-failures.ts';
import type { PlyElement, PlyHeader, PlyScalarType } from './ply-header.ts';

/**
 * Which parts of a PLY file the readers need: the vertex element and the indices of its x/y/z,
 * normal and colour properties, and the face element with its vertex index list. Everything
 * else is skipped.
 */
export interface PlyLayout {
  vertexElement: number;
  /** Property indices of x, y, z within the vertex element. */
  position: [number, number, number];
  normal: [number, number, number] | null;
  color: [number, number, number] | null;
  /** Element index of `face`, or -1 for a point cloud. */
  faceElement: number;
  /** Property index of vertex_indices / vertex_index within the face element, or -1. */
  faceIndexProperty: number;
}

function scalarIndex(element: PlyElement, names: readonly string[]): number {
  return element.properties.findIndex((p) => p.countType === null && names.includes(p.name));
}

function triple(element: PlyElement, a: readonly string[], b: readonly string[], c: readonly string[]): [number, number, number] | null {
  const found: [number, number, number] = [scalarIndex(element, a), scalarIndex(element, b), scalarIndex(element, c)];
  return found.every((index) => index >= 0) ? found : null;
}

/** Finds the vertex and face parts of a parsed header; fails when there is no usable vertex element. */
export function planPlyLayout(header: PlyHeader): PlyLayout {
  const vertexElement = header.elements.findIndex((e) => e.name === 'vertex');
  if (vertexElement < 0) throw noVertices('PLY');
  const vertex = header.elements[vertexElement];
  const position = triple(vertex, ['x'], ['y'], ['z']);
  if (position === null) throw malformed('The PLY vertex element lacks one of the scalar properties x, y and z.');
  const normal = triple(vertex, ['nx', 'normal_x'], ['ny', 'normal_y'], ['nz', 'normal_z']);
  const color = triple(vertex, ['red', 'r', 'diffuse_red'], ['green', 'g', 'diffuse_green'], ['blue', 'b', 'diffuse_blue']);
  const faceElement = header.elements.findIndex((e) => e.name === 'face');
  let faceIndexProperty = -1;
  if (faceElement >= 0) {
    faceIndexProperty = header.elements[faceElement].properties
      .findIndex((p) => p.countType !== null && (p.name === 'vertex_indices' || p.name === 'vertex_index'));
    if (faceIndexProperty < 0 && header.elements[faceElement].count > 0) {
      throw malformed('The PLY face element has no list property named vertex_indices or vertex_index.');
    }
  }
  return { vertexElement, position, normal, color, faceElement, faceIndexProperty };
}

/** Converts one colour channel value of the given PLY type to 0..255 (floats are 0..1, ushort 0..65535). */
export function colorChannelToByte(value: number, type: PlyScalarType): number {
  let scaled: number;
  if (type === 'float32' || type === 'float64') scaled = value * 255;
  else if (type === 'uint16') scaled = value / 257;
  else scaled = value;
  if (!(scaled > 0)) return 0;
  return scaled >= 255 ? 255 : Math.round(scaled);
}
