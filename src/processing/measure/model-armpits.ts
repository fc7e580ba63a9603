/**
 * Armpit heights read on the fitted body model's own surface, for captures whose surface bridges
 * narrow gaps (CaptureHints.bridgedGapM: a phone recording's fused surface is closed at 1 cm cells,
 * and near the armpit the gap between an arm and the torso is narrower than two cells for several
 * centimetres). On such a capture the arm leaves the torso loop that much lower, so the armpit, and
 * with it the chest, upper-chest and under-bust sites tied to it, read low. The model, posed and
 * shaped to the capture, has an anatomical armpit of its own: its surface is sampled and put
 * through the same slice topology (findArmRuns) as a capture. Canonical frame, metres.
 */
import type { ModelFit, PosableBodyModel } from '../body-model/posable-model-types.ts';
import { sampleSurface } from '../geometry/surface-sample.ts';
import { assertStandingPerson, findArmRuns, findCrotch } from './segment-body.ts';
import { buildSlices } from './slices.ts';

/** Samples of the model's surface: enough for 5 mm slices to hold closed loops of every limb. */
const MODEL_SAMPLE_POINTS = 120000;

/**
 * The armpit height (m) of each arm of the posed model, or undefined for an arm the slices find
 * joined to the torso (resting on it). `statureM`: the capture's stature (the slices' extent).
 */
export function modelArmpitHeights(model: ModelFit, mesh: Pick<PosableBodyModel, 'triangles'>, statureM: number): { left?: number; right?: number } {
  const points = sampleSurface(model.posed.positionsM, mesh.triangles, MODEL_SAMPLE_POINTS, 7);
  const count = points.length / 3;
  let topM = statureM;
  for (let i = 1; i < points.length; i += 3) topM = Math.max(topM, points[i]);
  const stack = buildSlices(points, count, topM);
  const person = assertStandingPerson(stack, topM);
  const { crotchY } = findCrotch(stack, topM, person.torsoLoop, person.legSlice);
  const runs = findArmRuns(stack, topM, person.torsoLoop, crotchY);
  return { left: runs.left.found ? runs.left.armpitY : undefined, right: runs.right.found ? runs.right.armpitY : undefined };
}
