/**
 * fullBodyVolume (m³).
 * Mesh: divergence theorem (mesh-volume.ts) when the mesh is closed and consistently oriented.
 * Otherwise (point clouds, open meshes, and closed meshes with made-up parts: a phone recording's
 * caps and floor-blended feet) with a fitted model: its volume plus the capture's offset from it
 * (fitted-volume.ts). Without a fit: Cavalieri's principle over the horizontal slice stack,
 * V = Σ_slices Σ_loops A(loop) · Δy, where A is the area enclosed by the loop's outer sheet
 * (ring-fit.ts outerSheetArea: polar bins, mean radius of the outer sheet, so noise averages out and
 * the inside of the loop never counts twice). The band under the lowest slice (removed with the
 * floor) is filled with the lowest slice's area down to y = 0.
 * Limits: concave slice shapes seen from their centroid (armpit region where arms merge with the
 * torso, between the fingers) are filled in, so cloud volumes slightly overestimate there.
 */
import { meshVolume } from '../geometry/mesh-volume.ts';
import { makeRingScratch, outerSheetArea } from '../geometry/ring-fit.ts';
import type { SliceStack } from './slices.ts';

export interface VolumeResult {
  volumeM3: number;
  method: 'mesh-divergence' | 'fitted-model-offset' | 'slice-integration';
  /** For meshes: number of unpaired edges found (0 when closed). */
  openEdges: number;
}

export function sliceStackVolume(stack: SliceStack): number {
  const ring = makeRingScratch();
  let xz = new Float64Array(4096);
  let volume = 0;
  let lowest = -1;
  let lowestArea = 0;
  for (let s = 0; s < stack.sliceCount; s++) {
    let sliceArea = 0;
    for (const loop of stack.loops[s]) {
      if (2 * loop.count > xz.length) xz = new Float64Array(4 * loop.count);
      let m = 0;
      for (let k = stack.start[s]; k < stack.start[s + 1]; k++) {
        if (stack.labels[k] !== loop.label) continue;
        xz[2 * m] = stack.points[3 * k];
        xz[2 * m + 1] = stack.points[3 * k + 2];
        m++;
      }
      sliceArea += outerSheetArea(xz, m, ring);
    }
    if (sliceArea > 0 && lowest < 0) { lowest = s; lowestArea = sliceArea; }
    volume += sliceArea * stack.thicknessM;
  }
  if (lowest > 0) volume += lowestArea * lowest * stack.thicknessM;
  return volume;
}

/**
 * fittedVolume: with a fitted model, the volume of a cloud or open mesh from it (fitted-volume.ts),
 * computed only when the capture is not a closed mesh or, with `partlyMadeUp`, a closed mesh part
 * of whose surface was made up rather than seen (CaptureHints.unseenSurface); without, slice integration.
 */
export function bodyVolume(
  stack: SliceStack, mesh: { positions: Float32Array; indices: Uint32Array } | null, fittedVolume: (() => number) | null = null, partlyMadeUp = false,
): VolumeResult {
  let openEdges = 0;
  if (mesh) {
    const result = meshVolume(mesh.positions, mesh.indices);
    if (result.closed && !(partlyMadeUp && fittedVolume)) return { volumeM3: result.volume, method: 'mesh-divergence', openEdges: 0 };
    openEdges = result.openEdges;
  }
  if (fittedVolume) return { volumeM3: fittedVolume(), method: 'fitted-model-offset', openEdges };
  return { volumeM3: sliceStackVolume(stack), method: 'slice-integration', openEdges };
}
