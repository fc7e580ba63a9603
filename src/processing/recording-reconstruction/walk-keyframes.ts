/**
 * A walk's drift from its keyframes: every keyframeEvery-th frame (spaced out to at most about
 * maxKeyframes) and the last, each cleaned (depth-filter.ts, without the walk's smoothing compensation)
 * and masked to the person (frame-person-mask.ts) as for fusion, then solved as a pose graph
 * (walk-drift.ts). The cleaned, masked maps are returned by frame index so the fusion pass reuses
 * them instead of cleaning those frames again. Camera frame: OpenCV; world: ARKit (m, y up).
 */
import type { PhoneRecording } from '../../domain/phone-recording.ts';
import { filterDepth, type DepthFilterOptions } from './depth-filter.ts';
import { maskPerson, type MaskResult } from './frame-person-mask.ts';
import { DEFAULT_SEGMENTATION, type PersonRegion } from './person-segmentation.ts';
import { estimateWalkDrift, type DriftKeyframe, type WalkDriftOptions, type WalkDriftResult } from './walk-drift.ts';

/** A keyframe's cleaned depth (m) and fusion weight, the person's pixels kept (weight > 0), and its mask result. */
export interface CachedKeyframe { depthM: Float32Array; weight: Float32Array; masked: MaskResult }

/** depthM, weight and points are per-pixel scratch of the map size (points: ≥ 3 floats). */
export function solveWalkDrift(
  recording: PhoneRecording, region: PersonRegion, filter: DepthFilterOptions, drift: WalkDriftOptions,
  depthM: Float32Array, weight: Float32Array, points: Float32Array,
): WalkDriftResult & { cache: Map<number, CachedKeyframe> } {
  const { width, height, frames } = recording;
  const keyframes: DriftKeyframe[] = [];
  const cache = new Map<number, CachedKeyframe>();
  for (const t of keyframeIndices(frames.length, drift)) {
    const frame = frames[t];
    filterDepth(frame, width, height, filter, depthM, weight);
    // Registration points are not needed (a huge stride writes at most one).
    const masked = maskPerson(depthM, weight, width, height, frame.intrinsics, frame.cameraToWorld, region, DEFAULT_SEGMENTATION.footCutM, 1 << 30, points);
    cache.set(t, { depthM: Float32Array.from(depthM), weight: Float32Array.from(weight), masked });
    if (masked.kept === 0) continue;
    keyframes.push({ frameIndex: t, cameraToWorld: frame.cameraToWorld, intrinsics: frame.intrinsics, depthM: personDepth(depthM, weight) });
  }
  return { ...estimateWalkDrift(keyframes, width, height, region.centre, drift), cache };
}

/**
 * The keyframes' frame indices: every keyframeEvery-th frame, spaced out so there are at most about
 * maxKeyframes, and the last frame (the loop closure needs the end of the recording).
 */
export function keyframeIndices(frameCount: number, drift: Pick<WalkDriftOptions, 'keyframeEvery' | 'maxKeyframes'>): number[] {
  const every = Math.max(drift.keyframeEvery, Math.ceil((frameCount - 1) / (drift.maxKeyframes - 1)));
  const out: number[] = [];
  for (let t = 0; t < frameCount; t = t + every < frameCount || t === frameCount - 1 ? t + every : frameCount - 1) out.push(t);
  return out;
}

/** The person's readings of a cleaned, masked map (m; 0 where the weight is not positive: background or no reading). */
export function personDepth(depthM: Float32Array, weight: Float32Array): Float32Array {
  const out = new Float32Array(depthM.length);
  for (let i = 0; i < out.length; i++) if (weight[i] > 0) out[i] = depthM[i];
  return out;
}
