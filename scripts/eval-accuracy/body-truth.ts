// What an evaluation compares a capture of a body mesh with (evaluate-run.ts BodyTruth): the mesh,
// its truth sites, its volume and stature, and the dense surface sample the measurer's canonical
// frame is registered to (80,000 points, seeded).
import { meshSignedVolume } from '../../src/processing/evaluation/mesh-metrics.ts';
import { sampleSurface } from '../../src/processing/evaluation/surface-sampling.ts';
import { seededRandom } from '../../src/processing/evaluation/seeded-random.ts';
import type { BodyMesh } from './body-mesh.ts';
import type { BodyTruth } from './evaluate-run.ts';
import { truthSites } from './truth-sites.ts';

export function bodyTruth(name: string, mesh: BodyMesh, registrationSeed: number): BodyTruth {
  let statureM = 0;
  for (let i = 1; i < mesh.positionsM.length; i += 3) statureM = Math.max(statureM, mesh.positionsM[i]);
  return {
    name, mesh, sites: truthSites(mesh), volumeM3: meshSignedVolume(mesh.positionsM, mesh.triangles), statureM,
    registrationPointsM: sampleSurface(mesh.positionsM, mesh.triangles, 80_000, seededRandom(registrationSeed)),
  };
}
