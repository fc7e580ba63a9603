import type { CaptureGeometry } from '../../domain/capture-geometry.ts';
import { formatFloat32 } from './write-ply.ts';

/**
 * Writes geometry as a minimal Wavefront OBJ: `v x y z` (plus `r g b` in 0..1 when colours are
 * given), `vn` for normals, and 1-based `f a b c` (or `f a//a ...` with normals) per triangle.
 * Units and axes are written as given.
 */
export function writeObj(
  geometry: Pick<CaptureGeometry, 'positions'> & Partial<Pick<CaptureGeometry, 'indices' | 'colors' | 'normals'>>,
  comment = 'written by bodyscan',
): Uint8Array {
  const { positions, indices, colors, normals } = geometry;
  const vertexCount = Math.floor(positions.length / 3);
  const lines: string[] = [`# ${comment}`];
  for (let i = 0; i < vertexCount; i++) {
    let line = `v ${formatFloat32(positions[i * 3])} ${formatFloat32(positions[i * 3 + 1])} ${formatFloat32(positions[i * 3 + 2])}`;
    if (colors) line += ` ${colors[i * 3] / 255} ${colors[i * 3 + 1] / 255} ${colors[i * 3 + 2] / 255}`;
    lines.push(line);
  }
  if (normals) {
    for (let i = 0; i < vertexCount; i++) {
      lines.push(`vn ${formatFloat32(normals[i * 3])} ${formatFloat32(normals[i * 3 + 1])} ${formatFloat32(normals[i * 3 + 2])}`);
    }
  }
  const faceCount = indices ? Math.floor(indices.length / 3) : 0;
  for (let f = 0; f < faceCount && indices; f++) {
    const [a, b, c] = [indices[f * 3] + 1, indices[f * 3 + 1] + 1, indices[f * 3 + 2] + 1];
    lines.push(normals ? `f ${a}//${a} ${b}//${b} ${c}//${c}` : `f ${a} ${b} ${c}`);
  }
  lines.push('');
  return new TextEncoder().encode(lines.join('\n'));
}
