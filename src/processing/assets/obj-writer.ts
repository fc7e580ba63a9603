import type { AssetMesh } from './asset-mesh.ts';
import { computeSmoothNormals } from './smooth-normals.ts';

export interface ObjOptions {
  /** File name of the MTL written beside the OBJ (referenced by `mtllib`), or null for no material. */
  mtlFileName: string | null;
  /** Material name used by `usemtl` and defined in the MTL. */
  materialName: string;
  /** Object name (`o`). */
  objectName: string;
}

/**
 * Writes a Wavefront OBJ: `v` positions (m, canonical frame: Y up, facing +Z), `vt` texture
 * coordinates (OBJ convention: origin bottom-left, so vt = 1 - glTF v) when the mesh has uvs, `vn`
 * normals (smooth normals computed when absent), and `f v/vt/vn` triangles (1-based, CCW seen from
 * outside), with `mtllib` and `usemtl`. Positions keep 0.1 mm, normals and uvs 5 decimals. Returns UTF-8 bytes.
 */
export function writeObj(mesh: AssetMesh, options: ObjOptions): Uint8Array {
  const { positionsM, indices, uvs } = mesh;
  const normals = mesh.normals ?? computeSmoothNormals(positionsM, indices);
  const vertexCount = positionsM.length / 3;
  const lines: string[] = [
    '# bodyscan OBJ: metres, Y up, facing +Z, feet at y = 0',
    ...(options.mtlFileName ? [`mtllib ${options.mtlFileName}`] : []),
    `o ${options.objectName}`,
  ];
  for (let v = 0; v < vertexCount; v++) {
    lines.push(`v ${fixed(positionsM[v * 3], 4)} ${fixed(positionsM[v * 3 + 1], 4)} ${fixed(positionsM[v * 3 + 2], 4)}`);
  }
  if (uvs) {
    for (let v = 0; v < vertexCount; v++) lines.push(`vt ${fixed(uvs[v * 2], 5)} ${fixed(1 - uvs[v * 2 + 1], 5)}`);
  }
  for (let v = 0; v < vertexCount; v++) {
    lines.push(`vn ${fixed(normals[v * 3], 5)} ${fixed(normals[v * 3 + 1], 5)} ${fixed(normals[v * 3 + 2], 5)}`);
  }
  if (options.mtlFileName) lines.push(`usemtl ${options.materialName}`);
  lines.push('s 1');
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] + 1, b = indices[t + 1] + 1, c = indices[t + 2] + 1;
    lines.push(uvs ? `f ${a}/${a}/${a} ${b}/${b}/${b} ${c}/${c}/${c}` : `f ${a}//${a} ${b}//${b} ${c}//${c}`);
  }
  lines.push('');
  return new TextEncoder().encode(lines.join('\n'));
}

/**
 * Writes the MTL for writeObj: one matte material whose diffuse map is the texture PNG beside it
 * (`map_Kd`), or a plain skin-coloured diffuse when no texture is given. Returns UTF-8 bytes.
 */
export function writeMtl(materialName: string, textureFileName: string | null): Uint8Array {
  const lines = [
    '# bodyscan MTL',
    `newmtl ${materialName}`,
    'Ka 1.000 1.000 1.000',
    textureFileName ? 'Kd 1.000 1.000 1.000' : 'Kd 0.839 0.659 0.573',
    'Ks 0.000 0.000 0.000',
    'Ns 10.000',
    'd 1.000',
    'illum 1',
  ];
  if (textureFileName) lines.push(`map_Kd ${textureFileName}`);
  lines.push('');
  return new TextEncoder().encode(lines.join('\n'));
}

function fixed(value: number, digits: number): string {
  const text = value.toFixed(digits);
  return text === `-${(0).toFixed(digits)}` ? text.slice(1) : text;
}
