/**
 * Armpit and crotch heights read on the fitted body model's own surface, for captures whose surface
 * bridges narrow gaps (CaptureHints.bridgedGapM: a phone recording's fused surface is closed at 1 cm
 * cells).
 * - Armpits: near the armpit the gap between an arm and the torso is narrower than two cells for
 *   several centimetres, so on such a capture the arm leaves the torso loop that much lower and the
 *   armpit, with the chest, upper-chest and under-bust sites tied to it, reads low.
 * - Crotch: the gap between the thighs closes the same way, by an amount that varies with how the
 *   few views into it fell: two recordings of one body read the capture's crotch up to 25 mm apart
 *   (mean 8.9 mm over 8 bodies), and every thigh site hangs from it. The model's crotch, read on
 *   4 mm slices, moves 4.8 mm on average (docs/measurements.md).
 * The model, posed and shaped to the capture, has an anatomical armpit and crotch of its own: its
 * surface is sampled and put through the same slice topology (findCrotch, findArmRuns) as a capture.
 * Canonical frame, metres.
 */
import type { ModelFit, PosableBodyModel } from '../body-model/posable-model-types.ts';
import { sampleSurface } from '../geometry/surface-sample.ts';
import { assertStandingPerson, findArmRuns, findCrotch } from './segment-body.ts';
import { buildSlices } from './slices.ts';

/** Samples of the model's surface for the armpits: enough for 12 mm slices to hold closed loops of every limb. */
const ARMPIT_SAMPLE_POINTS = 120000;
/**
 * Samples for the crotch: the slices thin with the density (slices.ts), 4–5 mm at this count; at
 * 120,000 the 12 mm slices moved the crotch in 12 mm steps between two recordings. The armpit
 * samples are this sample's first ARMPIT_SAMPLE_POINTS (the same points as before the crotch was read).
 */
const CROTCH_SAMPLE_POINTS = 400000;

export interface ModelLandmarkHeights {
  /** Armpit height of each arm (m), undefined for an arm the slices find joined to the torso (resting on it). */
  armpitLeftY?: number;
  armpitRightY?: number;
  /** The crotch: top of the two separate legs (m). */
  crotchY: number;
}

/** The posed model's armpit and crotch heights. `statureM`: the capture's stature (the slices' extent). */
export function modelLandmarkHeights(model: ModelFit, mesh: Pick<PosableBodyModel, 'triangles'>, statureM: number): ModelLandmarkHeights {
  const fine = sampleSurface(model.posed.positionsM, mesh.triangles, CROTCH_SAMPLE_POINTS, 7);
  let topM = statureM;
  for (let i = 1; i < fine.length; i += 3) topM = Math.max(topM, fine[i]);
  const fineStack = buildSlices(fine, fine.length / 3, topM);
  const finePerson = assertStandingPerson(fineStack, topM);
  const { crotchY } = findCrotch(fineStack, topM, finePerson.torsoLoop, finePerson.legSlice);
  const coarse = fine.subarray(0, 3 * ARMPIT_SAMPLE_POINTS);
  const stack = buildSlices(coarse, ARMPIT_SAMPLE_POINTS, topM);
  const person = assertStandingPerson(stack, topM);
  const runs = findArmRuns(stack, topM, person.torsoLoop, findCrotch(stack, topM, person.torsoLoop, person.legSlice).crotchY);
  return { armpitLeftY: runs.left.found ? runs.left.armpitY : undefined, armpitRightY: runs.right.found ? runs.right.armpitY : undefined, crotchY };
}
