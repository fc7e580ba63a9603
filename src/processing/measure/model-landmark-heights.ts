/**
 * Armpit and crotch heights read on the fitted body model's own surface, for captures whose surface
 * bridges narrow gaps (CaptureHints.bridgedGapM: a phone recording's fused surface is closed at 1 cm
 * cells).
 * - Armpits: near the armpit the gap between an arm and the torso is narrower than two cells for
 *   several centimetres, so on such a capture the arm leaves the torso loop that much lower and the
 *   armpit, with the chest, upper-chest and under-bust sites tied to it, reads low.
 * - Crotch: the gap between the thighs closes the same way, by an amount that varies with how the
 *   few views into it fell: two recordings of one body read the capture's crotch up to 25 mm apart
 *   (mean 8.9 mm over 8 bodies), and every thigh site hangs from it. The model's crotch is the
 *   lowest of its midline crotch vertices (MODEL_CROTCH_VERTICES): the bottom of the crotch's curve
 *   from the pubis to the perineum. Read instead through the slice topology on its sampled surface
 *   (where its two legs part), it moved 13 mm between two walks of a heavy body whose thighs touch
 *   (the legs part wherever the fitted inner thighs stop touching); the vertices move 0–3 mm
 *   between two walks of every evaluation body. docs/measurements.md.
 * The model, posed and shaped to the capture, has an anatomical armpit and crotch of its own: for
 * the armpits its surface is sampled and put through the same slice topology (findArmRuns) as a
 * capture. Canonical frame, metres.
 */
import type { ModelFit, PosableBodyModel } from '../body-model/posable-model-types.ts';
import { ProcessingFailure } from '../../domain/processing-failure.ts';
import { sampleSurface } from '../geometry/surface-sample.ts';
import { median } from '../statistics/median.ts';
import { assertStandingPerson, findArmRuns, findCrotch } from './segment-body.ts';
import { buildSlices } from './slices.ts';

/** Samples of the model's surface for the armpits: enough for 12 mm slices to hold closed loops of every limb. */
const ARMPIT_SAMPLE_POINTS = 120000;
/**
 * The armpits are read this many times, the slice grid shifted by 1/ARMPIT_SLICE_PHASES of a slice
 * each time (12 mm slices at ARMPIT_SAMPLE_POINTS on an adult), and the median taken (armpitOfPhases). Why: one grid reads
 * an armpit in 12 mm steps, and the chest, upper-chest and under-bust sites hang from it where a
 * torso girth changes ~3 mm per mm of height: two recordings of one body read armpits 12 mm apart
 * and chests up to 30 mm apart.
 */
const ARMPIT_SLICE_PHASES = 4;
/**
 * Samples for the crotch of a model without the base mesh's crotch vertices (read by the slice
 * topology): the slices thin with the density (slices.ts), 4–5 mm at this count; at 120,000 the
 * 12 mm slices moved the crotch in 12 mm steps between two recordings. The armpit samples are this
 * sample's first ARMPIT_SAMPLE_POINTS (the same points as when the crotch was read on them all).
 */
const CROTCH_SAMPLE_POINTS = 400000;
/**
 * Base-mesh vertex numbers (hm08 `body` group, 0-based, as model-torso-levels.ts explains) of the
 * midline crotch curve, front to back: the lowest pubic vertices, the perineum and the start of the
 * cleft between the buttocks. On the mean A-posed model they lie 800–806 mm high (stature 1,681 mm).
 */
export const MODEL_CROTCH_VERTICES: readonly number[] = [4370, 4372, 6431, 4374, 4376];

export interface ModelLandmarkHeights {
  /** Armpit height of each arm (m), undefined for an arm the slices find joined to the torso (resting on it). */
  armpitLeftY?: number;
  armpitRightY?: number;
  /** The crotch: top of the two separate legs (m). */
  crotchY: number;
}

/** The posed model's armpit and crotch heights. `statureM`: the capture's stature (the slices' extent). */
export function modelLandmarkHeights(model: ModelFit, mesh: Pick<PosableBodyModel, 'triangles'>, statureM: number): ModelLandmarkHeights {
  const positions = model.posed.positionsM;
  const crotchFromVertices = crotchOfModel(positions);
  // The slices' top: the surface's highest point, which a triangle mesh always has at a vertex.
  let topM = statureM;
  for (let i = 1; i < positions.length; i += 3) topM = Math.max(topM, positions[i]);
  // The fine sample only where the crotch must come from slices; the armpits use its first points either way.
  const samples = sampleSurface(positions, mesh.triangles, crotchFromVertices === undefined ? CROTCH_SAMPLE_POINTS : ARMPIT_SAMPLE_POINTS, 7);
  const crotchY = crotchFromVertices ?? crotchOfSlices(samples, topM);
  const coarse = samples.subarray(0, 3 * ARMPIT_SAMPLE_POINTS);
  const shifted = new Float32Array(coarse.length);
  const found = { left: [] as number[], right: [] as number[] };
  let sliceM = 0;
  for (let phase = 0; phase < ARMPIT_SLICE_PHASES; phase++) {
    // The same points raised by a fraction of a slice: the slice grid falls elsewhere on the body.
    const liftM = (phase / ARMPIT_SLICE_PHASES) * sliceM;
    shifted.set(coarse);
    for (let i = 1; i < shifted.length; i += 3) shifted[i] += liftM;
    let runs: ReturnType<typeof findArmRuns>;
    try {
      const stack = buildSlices(shifted, ARMPIT_SAMPLE_POINTS, topM + liftM);
      if (phase === 0) sliceM = stack.thicknessM;
      const person = assertStandingPerson(stack, topM + liftM);
      runs = findArmRuns(stack, topM + liftM, person.torsoLoop, findCrotch(stack, topM + liftM, person.torsoLoop, person.legSlice).crotchY);
    } catch (error) {
      // The unshifted grid fails as a capture's own would; a shifted one that fails only counts as not finding the arms.
      if (phase === 0 || !(error instanceof ProcessingFailure)) throw error;
      continue;
    }
    for (const side of ['left', 'right'] as const) if (runs[side].found) found[side].push(runs[side].armpitY - liftM);
  }
  return { armpitLeftY: armpitOfPhases(found.left), armpitRightY: armpitOfPhases(found.right), crotchY };
}

/**
 * One arm's armpit height (m) from the slice grids that found the arm free (`ys`, one per grid), or
 * undefined when none did. An arm counts as free when any grid finds it so: an arm hanging 0–5 mm
 * from the torso can be free on one or two grids only. The armpit is the median, not the mean: on
 * such an arm one grid can find the arm joined 20 cm lower (grids 1.350, 1.359, 1.356 and 1.149 m),
 * the mean fell below measuring's 70 %-of-stature floor, and a recording then fell back to its own
 * surface's armpit, which joins such an arm to the torso far down (one turn's upper chest, chest and
 * under-bust took the arms in: +130 to +143 mm against the mesh's reading).
 */
export function armpitOfPhases(ys: readonly number[]): number | undefined {
  return ys.length > 0 ? median(ys) : undefined;
}

/** The lowest of the posed model's midline crotch vertices (m), or undefined for a model without the base mesh's vertices. */
export function crotchOfModel(positionsM: ArrayLike<number>): number | undefined {
  if (Math.max(...MODEL_CROTCH_VERTICES) >= positionsM.length / 3) return undefined;
  let lowestY = Infinity;
  for (const v of MODEL_CROTCH_VERTICES) lowestY = Math.min(lowestY, positionsM[3 * v + 1]);
  return lowestY;
}

/** A surface sample's crotch by the slice topology (where its two legs part), as on a capture. */
function crotchOfSlices(samplesM: Float32Array, topM: number): number {
  const stack = buildSlices(samplesM, samplesM.length / 3, topM);
  const person = assertStandingPerson(stack, topM);
  return findCrotch(stack, topM, person.torsoLoop, person.legSlice).crotchY;
}
