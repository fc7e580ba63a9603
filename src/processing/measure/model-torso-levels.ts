/**
 * The torso's anatomical levels read off the fitted body model's own vertices: the bust points
 * (nipples), the lower sternum (under-bust) and the navel.
 *
 * Why: a capture's surface shows none of these points, so the bust was the largest torso section
 * below the armpit and the navel 60% of the way from the hips to the natural waist. On a heavy
 * body whose torso widens all the way up, "the largest section" is the top of its search range,
 * 1 cm under the armpit; the armpit of a phone recording's fitted model moves 3–6 mm between two
 * recordings as its arms' pose does, and there the chest changes ~3 mm per mm of height (one body's
 * two turns read 982 and 1,010 mm). The fitted model carries the points themselves: its mesh is
 * MakeHuman's base mesh, shaped and posed to the capture, and its vertices keep the base mesh's
 * anatomy (scripts/build-body-model/main.ts keeps the base mesh's `body` vertices in their order,
 * so these are the base mesh's own vertex numbers).
 *
 * Limits: the levels are as good as the fit. On MakeHuman bodies the fit's shape space is made of
 * the same targets, so it places them closely; on a real person the model's bust point is where its
 * shape space puts a breast of that size, not where the person's is (docs/measurements.md, "Torso
 * levels from the fitted model").
 */

/** Base-mesh vertex numbers (hm08 `body` group, 0-based) of the landmarks. */
export const MODEL_TORSO_VERTICES = {
  nippleLeft: 8471,
  nippleRight: 1799,
  /** Front midline at the lower end of the sternum, just below the breasts. */
  lowerSternum: 4070,
  /** The navel's dimple on the front midline. */
  navel: 4121,
} as const;

export interface ModelTorsoLevels {
  /** Height of the bust points (mean of the two nipples), m. */
  bustY: number;
  /** Height of the lower sternum, m. */
  underBustY: number;
  /** Height of the navel, m. */
  navelY: number;
  /**
   * The posed model's mesh, whose front profile places the stomach (torso-sites.ts
   * stomachOnModel), or undefined (the front profile is then the capture's).
   */
  mesh?: { positionsM: ArrayLike<number>; triangles: ArrayLike<number> };
}

/**
 * The levels on a posed model (positionsM: its vertices, xyz per vertex, m, in the capture's
 * canonical frame, Y up), or undefined when the model has too few vertices to be the base mesh's.
 * triangles: the model's (vertex triples), for its front profile.
 */
export function modelTorsoLevels(positionsM: ArrayLike<number>, triangles?: ArrayLike<number>): ModelTorsoLevels | undefined {
  const vertexCount = Math.floor(positionsM.length / 3);
  const { nippleLeft, nippleRight, lowerSternum, navel } = MODEL_TORSO_VERTICES;
  if (Math.max(nippleLeft, nippleRight, lowerSternum, navel) >= vertexCount) return undefined;
  const y = (v: number) => positionsM[3 * v + 1];
  const mesh = triangles ? { positionsM, triangles } : undefined;
  return { bustY: 0.5 * (y(nippleLeft) + y(nippleRight)), underBustY: y(lowerSternum), navelY: y(navel), mesh };
}
