import type { CaptureGeometry } from '../../domain/capture-geometry.ts';
import { AsciiNumberScanner } from './ascii-number-scanner.ts';
import { malformed, tooManyTriangles, truncatedAt } from './capture-failures.ts';
import type { CaptureReadLimits } from './capture-limits.ts';
import { assertCountsWithinLimits } from './geometry-checks.ts';
import { GrowableUint32 } from './growable-arrays.ts';
import type { PlyElement, PlyHeader } from './ply-header.ts';
import { colorChannelToByte, type PlyLayout } from './ply-layout.ts';

/**
 * Reads the data section of an ASCII PLY into file-unit, file-axis geometry. Values are read as a
 * whitespace-separated stream (line breaks are not significant), with a hand-written number scanner.
 * Before allocating an element, its count is checked against the bytes left: every value needs at
 * least two bytes (a digit and a separator). Polygons are fan-triangulated; faces of fewer than 3
 * vertices are skipped.
 */

function checkBacked(element: PlyElement, scanner: AsciiNumberScanner): void {
  const remaining = scanner.bytes.length - scanner.pos + 1;
  const minimumBytes = element.count * 2 * element.properties.length;
  if (minimumBytes > remaining) {
    throw truncatedAt(scanner.bytes.length, `the PLY header declares ${element.count} "${element.name}" elements, more than the ${remaining} bytes left can hold`);
  }
}

function requireIndex(value: number, what: string): number {
  if (!(value >= 0) || !Number.isInteger(value) || value > 0xffffffff) {
    throw malformed(`The PLY data has an invalid ${what} (${value}).`);
  }
  return value;
}

function skipElement(element: PlyElement, scanner: AsciiNumberScanner): void {
  // An element without properties has no data, however large its count.
  if (element.properties.length === 0) return;
  for (let row = 0; row < element.count; row++) {
    for (const prop of element.properties) {
      if (prop.countType === null) { scanner.nextNumber(`${element.name} ${row}`); continue; }
      const length = requireIndex(scanner.nextNumber(`${element.name} ${row}`), `list length in ${element.name} ${row}`);
      for (let j = 0; j < length; j++) scanner.nextNumber(`${element.name} ${row}`);
    }
  }
}

function readVertices(element: PlyElement, layout: PlyLayout, scanner: AsciiNumberScanner): Pick<CaptureGeometry, 'positions' | 'normals' | 'colors'> {
  const count = element.count;
  const props = element.properties;
  // Where each property's value goes: 0..2 position, 3..5 normal, 6..8 colour, -1 nowhere.
  const target = new Int8Array(props.length).fill(-1);
  layout.position.forEach((k, axis) => { target[k] = axis; });
  layout.normal?.forEach((k, axis) => { target[k] = 3 + axis; });
  layout.color?.forEach((k, axis) => { target[k] = 6 + axis; });
  const positions = new Float32Array(count * 3);
  const normals = layout.normal === null ? null : new Float32Array(count * 3);
  const colors = layout.color === null ? null : new Uint8Array(count * 3);
  for (let row = 0; row < count; row++) {
    for (let k = 0; k < props.length; k++) {
      const prop = props[k];
      if (prop.countType !== null) {
        const length = requireIndex(scanner.nextNumber(`vertex ${row}`), `list length in vertex ${row}`);
        for (let j = 0; j < length; j++) scanner.nextNumber(`vertex ${row}`);
        continue;
      }
      const value = scanner.nextNumber(`vertex ${row}`);
      const slot = target[k];
      if (slot < 0) continue;
      if (slot < 3) positions[row * 3 + slot] = value;
      else if (slot < 6) (normals as Float32Array)[row * 3 + slot - 3] = value;
      else (colors as Uint8Array)[row * 3 + slot - 6] = colorChannelToByte(value, prop.type);
    }
  }
  return { positions, normals, colors };
}

function readFaces(element: PlyElement, listProperty: number, scanner: AsciiNumberScanner, limits: CaptureReadLimits): Uint32Array {
  const indices = new GrowableUint32(Math.min(element.count * 3, 1 << 20));
  const props = element.properties;
  for (let face = 0; face < element.count; face++) {
    for (let k = 0; k < props.length; k++) {
      const prop = props[k];
      if (prop.countType === null) { scanner.nextNumber(`face ${face}`); continue; }
      const length = requireIndex(scanner.nextNumber(`face ${face}`), `list length in face ${face}`);
      if (k !== listProperty || length < 3) {
        for (let j = 0; j < length; j++) scanner.nextNumber(`face ${face}`);
        continue;
      }
      const v0 = requireIndex(scanner.nextNumber(`face ${face}`), `vertex index in face ${face}`);
      let previous = requireIndex(scanner.nextNumber(`face ${face}`), `vertex index in face ${face}`);
      for (let j = 2; j < length; j++) {
        const current = requireIndex(scanner.nextNumber(`face ${face}`), `vertex index in face ${face}`);
        indices.push3(v0, previous, current);
        previous = current;
      }
      if (indices.length > limits.maxTriangles * 3) throw tooManyTriangles(indices.length / 3, limits.maxTriangles);
    }
  }
  return indices.toArray();
}

/** Reads all elements of an ASCII PLY; returns geometry still to be checked (finite, index range). */
export function readPlyAsciiBody(bytes: Uint8Array, header: PlyHeader, layout: PlyLayout, limits: CaptureReadLimits): CaptureGeometry {
  const scanner = new AsciiNumberScanner(bytes, header.dataOffset, 'PLY');
  let vertices: Pick<CaptureGeometry, 'positions' | 'normals' | 'colors'> | null = null;
  let indices: Uint32Array | null = null;
  header.elements.forEach((element, index) => {
    checkBacked(element, scanner);
    if (index === layout.vertexElement) {
      assertCountsWithinLimits(element.count, 0, limits, 'PLY');
      vertices = readVertices(element, layout, scanner);
    } else if (index === layout.faceElement && layout.faceIndexProperty >= 0) {
      indices = readFaces(element, layout.faceIndexProperty, scanner, limits);
    } else {
      skipElement(element, scanner);
    }
  });
  const parts = vertices as Pick<CaptureGeometry, 'positions' | 'normals' | 'colors'> | null;
  if (parts === null) throw malformed('The PLY file has no vertex element.');
  return { ...parts, indices };
}
