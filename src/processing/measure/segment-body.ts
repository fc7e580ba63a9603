/**
 * Segmentation of the canonical body from its slice stack: crotch, legs, torso, arms, armpits,
 * head. Reports (throws) instead of guessing when the capture is not a standing person in A-pose:
 * - no_person_found: no narrow head on top of a wider torso, or no two legs under it (cube, chair);
 * - limbs_touching_torso: an arm is not separated from the torso up to chest level, so a torso
 *   girth would include it (the arm's loop merges with the torso's loop);
 * - pose_unsupported: legs together (no crotch gap) while head and torso are present.
 * Heights in metres on the canonical frame (y up, feet at 0).
 */
import { ProcessingFailure } from '../../domain/processing-failure.ts';
import type { Loop, SliceStack } from './slices.ts';
import { sliceOf, sliceY } from './slices.ts';

export interface Segmentation {
  crotchY: number;
  /** Highest height at which each arm is still a separate loop (m). */
  armpitY: { left: number; right: number };
  /** Lowest height of each separate arm run (fingertips, m). */
  handBottomY: { left: number; right: number };
  /** Central loop per slice (torso/neck/head), or null where none spans the body axis. */
  torsoLoop: (Loop | null)[];
  /** Arm loops per slice (left = +X side), or null. */
  armLoop: { left: (Loop | null)[]; right: (Loop | null)[] };
  /** Leg loops per slice below the crotch (left = +X), or null. */
  legLoop: { left: (Loop | null)[]; right: (Loop | null)[] };
}

function centralLoop(loops: Loop[]): Loop | null {
  let best: Loop | null = null;
  for (const l of loops) if (l.minX <= 0 && l.maxX >= 0 && (!best || l.count > best.count)) best = l;
  return best;
}

/** Two leg loops on opposite sides of the axis and nothing spanning the axis. */
function legPair(loops: Loop[], total: number, statureM: number, midX = 0): { left: Loop; right: Loop } | null {
  let left: Loop | null = null, right: Loop | null = null;
  for (const l of loops) {
    if (l.count < 0.12 * total || Math.abs(l.cx) > 0.3 * statureM) continue;
    if (l.minX <= midX && l.maxX >= midX) return null;
    const width = l.maxX - l.minX;
    if (width < 0.03 * statureM) continue; // chair legs and thin rods are not human legs
    if (l.cx > midX && (!left || l.count > left.count)) left = l;
    if (l.cx < midX && (!right || l.count > right.count)) right = l;
  }
  return left && right ? { left, right } : null;
}

/**
 * The checks that a capture is a standing person, shared by both segmentations: a head narrower
 * than the torso on top, and two legs under it (legs together: pose_unsupported). Returns the
 * central loop of each slice and the slice where two legs were first found.
 */
export function assertStandingPerson(stack: SliceStack, statureM: number): { torsoLoop: (Loop | null)[]; legSlice: number } {
  const H = statureM;
  const total = (s: number) => stack.start[s + 1] - stack.start[s];
  const torsoLoop = stack.loops.map(centralLoop);
  // Head: the top 8% of the body is much narrower than the torso at 55–65% of stature.
  const widthAt = (y0: number, y1: number, pick: 'max' | 'mean') => {
    let acc = 0, m = 0, mx = 0;
    for (let s = sliceOf(stack, y0); s <= sliceOf(stack, y1); s++) {
      const loops = stack.loops[s];
      if (loops.length === 0) continue;
      const minX = Math.min(...loops.map((l) => l.minX)), maxX = Math.max(...loops.map((l) => l.maxX));
      acc += maxX - minX; m++; mx = Math.max(mx, maxX - minX);
    }
    return pick === 'max' ? mx : m > 0 ? acc / m : 0;
  };
  const headWidth = widthAt(0.9 * H, 0.97 * H, 'max');
  let torsoWidth = 0;
  for (let s = sliceOf(stack, 0.55 * H); s <= sliceOf(stack, 0.65 * H); s++) {
    const t = torsoLoop[s];
    if (t) torsoWidth = Math.max(torsoWidth, t.maxX - t.minX);
  }
  if (!(torsoWidth > 0) || headWidth > 0.75 * torsoWidth) {
    throw new ProcessingFailure('no_person_found', 'No head narrower than the torso on top of the shape: not a standing person.');
  }
  // Legs: two separate loops in a slice at 20–30% of stature (15% as a last resort).
  for (const f of [0.2, 0.25, 0.3, 0.15]) {
    const s = sliceOf(stack, f * H);
    if (legPair(stack.loops[s], total(s), H)) return { torsoLoop, legSlice: s };
  }
  const legsTogether = torsoLoop[sliceOf(stack, 0.25 * H)] !== null;
  if (legsTogether) throw new ProcessingFailure('pose_unsupported', 'Legs are not apart (no gap between the legs below the hips); stand with the feet apart.');
  throw new ProcessingFailure('no_person_found', 'No two legs found under the torso: not a standing person.');
}

/**
 * Crotch height (m) and each slice's leg loops: the top of the run of slices holding two separate
 * legs, from `startSlice` (where assertStandingPerson found them), continued up through touching
 * thighs. Throws no_person_found when the crotch is outside 30–62% of stature.
 */
export function findCrotch(stack: SliceStack, statureM: number, torsoLoop: (Loop | null)[], startSlice: number): { crotchY: number; legLeft: (Loop | null)[]; legRight: (Loop | null)[] } {
  const H = statureM;
  const n = stack.sliceCount;
  const total = (s: number) => stack.start[s + 1] - stack.start[s];
  // Crotch: the top of the run of two separate legs that contains 20–30% of stature.
  const legLeft: (Loop | null)[] = new Array(n).fill(null);
  const legRight: (Loop | null)[] = new Array(n).fill(null);
  // Two legs are two loops on either side of x = 0, or, where a loop crosses x = 0, on either side
  // of the middle of the gap between the legs of the slice before: a body standing a few
  // centimetres off the frame's x = 0 (a recording's fitted model, in a frame centred on the whole
  // capture) has a thigh crossing it below the crotch, which is no torso.
  const gapMid = (pair: { left: Loop; right: Loop }) => 0.5 * (pair.left.minX + pair.right.maxX);
  let top = startSlice, midX = 0, offMidline = false;
  for (let s = startSlice; s < sliceOf(stack, 0.65 * H); s++) {
    let pair = legPair(stack.loops[s], total(s), H);
    if (!pair && midX !== 0) { pair = legPair(stack.loops[s], total(s), H, midX); offMidline ||= pair !== null; }
    if (!pair) break;
    legLeft[s] = pair.left; legRight[s] = pair.right; top = s;
    midX = gapMid(pair);
  }
  // The touching thighs' pinch is looked for at x = 0, or where the legs' gap ended when they stood off it.
  const pinchX = offMidline ? midX : 0;
  midX = 0;
  for (let s = startSlice - 1; s >= 0; s--) {
    const pair = legPair(stack.loops[s], total(s), H) ?? (midX !== 0 ? legPair(stack.loops[s], total(s), H, midX) : null);
    if (!pair) break;
    legLeft[s] = pair.left; legRight[s] = pair.right;
    midX = gapMid(pair);
  }
  // Touching thighs: above the last slice with two separate legs, a section pinched at the midline
  // (its depth at pinchX under 55% of its full depth: the gap between the thighs closed by contact)
  // is still legs. A pinched run longer than 3 cm (a gap slice inside it allowed) moves the crotch
  // to its top; shorter runs are the crotch's own curve and leave it in place.
  const pinched = (s: number): boolean | null => {
    const loop = torsoLoop[s];
    if (!loop) return null;
    let lo = Infinity, hi = -Infinity;
    for (let k = stack.start[s]; k < stack.start[s + 1]; k++) {
      if (stack.labels[k] !== loop.label) continue;
      if (Math.abs(stack.points[3 * k] - pinchX) < 0.01) { lo = Math.min(lo, stack.points[3 * k + 2]); hi = Math.max(hi, stack.points[3 * k + 2]); }
    }
    return hi > lo && hi - lo < 0.55 * (loop.maxZ - loop.minZ);
  };
  let pinchedTop = top;
  for (let s = top + 1; s < sliceOf(stack, 0.62 * H); s++) {
    const p = pinched(s);
    if (p === false) break;
    if (p === null && pinched(s + 1) === false) break;
    pinchedTop = s;
  }
  if ((pinchedTop - top) * stack.thicknessM > 0.03) top = pinchedTop;
  const crotchY = (top + 1) * stack.thicknessM;
  if (crotchY < 0.3 * H || crotchY > 0.62 * H) throw new ProcessingFailure('no_person_found', `Crotch at ${(crotchY / H).toFixed(2)} of stature: not human proportions.`);
  return { crotchY, legLeft, legRight };
}

/** One arm's run of separate slice loops (hands up to the armpit), if any. */
export interface ArmRun {
  found: boolean;
  /** Highest height at which the arm is still a separate loop (m). */
  armpitY: number;
  handBottomY: number;
  loops: (Loop | null)[];
}

/**
 * Arms as slice topology sees them: per side, loops entirely beside the torso loop, followed slice
 * by slice (each the outside loop nearest the previous one, ≤ 6 cm away); the longest run is the
 * arm, its top the armpit. `found` is false when no such loop exists (an arm resting on the torso).
 */
export function findArmRuns(stack: SliceStack, statureM: number, torsoLoop: (Loop | null)[], crotchY: number): { left: ArmRun; right: ArmRun } {
  const H = statureM;
  const n = stack.sliceCount;
  const out = {} as { left: ArmRun; right: ArmRun };
  for (const side of ['left', 'right'] as const) {
    const sign = side === 'left' ? 1 : -1;
    const loopsOut = new Array<Loop | null>(n).fill(null);
    // Runs of slices holding an arm loop; the arm is the longest run (hand to armpit). A run ends
    // after 3 slices without a loop continuing it.
    const runs: { start: number; end: number; loops: Map<number, Loop> }[] = [];
    let current: { start: number; end: number; loops: Map<number, Loop> } | null = null;
    let previous: Loop | null = null;
    for (let s = sliceOf(stack, crotchY - 0.05 * H); s < sliceOf(stack, 0.9 * H); s++) {
      const torso = torsoLoop[s];
      let found: Loop | null = null;
      for (const l of stack.loops[s]) {
        if (l === torso || l.count < 12) continue;
        const outside = torso ? (sign > 0 ? l.minX > torso.maxX : l.maxX < torso.minX) : sign * l.cx > 0.25 * H;
        if (!outside || sign * l.cx <= 0) continue;
        // Continuity: inside a run, the next arm loop is the outside loop nearest to the last one
        // (a broken-off piece of the torso's side cannot take over); a new run takes the largest.
        if (current && previous) {
          const d = Math.hypot(l.cx - previous.cx, l.cz - previous.cz);
          if (d > 0.06 + 2 * stack.thicknessM) continue;
          if (!found || d < Math.hypot(found.cx - previous.cx, found.cz - previous.cz)) found = l;
        } else if (!found || l.count > found.count) found = l;
      }
      if (found) {
        if (!current) { current = { start: s, end: s, loops: new Map() }; runs.push(current); }
        current.end = s;
        current.loops.set(s, found);
        previous = found;
      } else if (current && s - current.end > 2) {
        current = null;
        previous = null;
      }
    }
    runs.sort((a, b) => (b.end - b.start) - (a.end - a.start));
    const best = runs[0];
    if (best) for (const [s, loop] of best.loops) loopsOut[s] = loop;
    out[side] = best
      ? { found: true, armpitY: sliceY(stack, best.end), handBottomY: sliceY(stack, best.start), loops: loopsOut }
      : { found: false, armpitY: 0, handBottomY: 0, loops: loopsOut };
  }
  return out;
}

export function segmentBody(stack: SliceStack, statureM: number): Segmentation {
  const H = statureM;
  const { torsoLoop, legSlice: startSlice } = assertStandingPerson(stack, H);
  const { crotchY, legLeft, legRight } = findCrotch(stack, H, torsoLoop, startSlice);
  const arms = findArmRuns(stack, H, torsoLoop, crotchY);
  const armLoop = { left: arms.left.loops, right: arms.right.loops };
  const armpitY = { left: 0, right: 0 }, handBottomY = { left: 0, right: 0 };
  for (const side of ['left', 'right'] as const) {
    const run = arms[side];
    if (!run.found) throw new ProcessingFailure('limbs_touching_torso', `The ${side} arm is not separated from the body; hold the arms away from the torso (A-pose).`);
    armpitY[side] = run.armpitY;
    handBottomY[side] = run.handBottomY;
    if (armpitY[side] < 0.7 * H) {
      throw new ProcessingFailure('limbs_touching_torso', `The ${side} arm joins the torso at ${(armpitY[side] / H).toFixed(2)} of stature, below the chest: torso girths would include it.`);
    }
  }
  return { crotchY, armpitY, handBottomY, torsoLoop, armLoop, legLoop: { left: legLeft, right: legRight } };
}
