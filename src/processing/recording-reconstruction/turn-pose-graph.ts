/**
 * A turn's body trajectory refined as a keyframe pose graph, then fused once.
 *
 * Why: in a turn the phone stands still and the body is registered frame to model with free 6-DOF
 * corrections (sdf-registration.ts). As in a walk registered that way, the model follows the frames
 * it is built from and a small systematic disagreement accumulates along the direction the frames
 * barely see: the registered camera sits 1–4 mm too far from the body and trunk girths read
 * 10–20 mm large (docs/recording-reconstruction.md). Seen from the body, a turn is a walk: the
 * camera goes once around the person. So the frame-to-model poses (camera → model, the model frame
 * being the world at the first frame) serve as the walk's "odometry", and the walk's pose graph
 * (walk-drift.ts: per keyframe a yaw about its camera centre and a translation, keyframe-to-keyframe
 * point-to-plane consistency of every pair seen from within maxPairDeg incl. the loop closure
 * last/first, a random-walk prior between consecutive keyframes, the first anchored) solves a smooth
 * correction of them over the whole recording at once. Every frame is then fused again, into a new
 * field, with the refined keyframes' poses interpolated about the body's centre (the body's motion
 * is smooth; the frame-to-model poses of the frames in between carry their own per-frame error).
 * The first pass then fuses only the coarse tracking field; the output field is fused once, here.
 * Measured on simulated turns (docs/recording-reconstruction.md, "The turn's pose graph about the
 * body's axis"): the yaw error's RMS falls from ~4° to ~1° and the left/right asymmetry of arms and
 * legs goes; on by default since then.
 * Camera frame: OpenCV; model frame: ARKit's world at the first frame (m, y up). Pure.
 */
import type { PhoneRecording } from '../../domain/phone-recording.ts';
import { compensateSmoothingWhere, filterDepth, type DepthFilterOptions } from './depth-filter.ts';
import { maskPerson } from './frame-person-mask.ts';
import { DEFAULT_SEGMENTATION, type PersonRegion } from './person-segmentation.ts';
import { interpolatePose, multiply4, type Mat4 } from './rigid-transform.ts';
import type { SparseVoxelBlocks } from './sparse-voxel-blocks.ts';
import { behindLimits } from './thickness-limits.ts';
import { holdAxisHeight } from './turn-axis.ts';
import { createFusionScratch, integrateFrame, meansToSums, sumsToMeans } from './tsdf-integration.ts';
import { correctionMatrix, DEFAULT_WALK_DRIFT, frameCorrection, type DriftNode, type WalkDriftOptions } from './walk-drift.ts';

/**
 * The turn's graph: the walk's, with each node's yaw about the person's centre, not the camera's: the
 * frame-to-model registration errs by turning the body about its own axis (measured: 3–4° of yaw that
 * varies over the turn), which about a camera 2 m away would also need a translation of 3–7 cm that
 * the walk's position prior (5 mm per √m of the camera's path) forbids; so the graph with the walk's
 * pivot barely moved the yaw. The yaw's random walk is looser than a phone's (1.5° against 0.25° per
 * √m of the camera's path around the body in the model frame, ~0.25 m between keyframes at 2 m): the
 * registration's yaw wanders 1–3° over a quarter turn. Measured: docs/recording-reconstruction.md,
 * "The turn's pose graph about the body's axis". Keyframes: maxKeyframes (51) spread over the
 * recording whatever its length (keyframeEvery 1), ~7° of a full turn apart: a 150-frame turn
 * with every 5th frame had them 12° apart and read 2–4 % less volume.
 */
export const DEFAULT_TURN_POSE_GRAPH: WalkDriftOptions = { ...DEFAULT_WALK_DRIFT, keyframeEvery: 1, pivot: 'centre', driftYawRadPerSqrtM: (1.5 * Math.PI) / 180 };

/**
 * Fuses every frame of a turn into `grid` with its registered camera → model pose (framePoses, as
 * the first pass left them; null = no person pixels, skipped) corrected by the graph's nodes:
 * with interpolate, the refined keyframes' poses interpolated about the person's centre; without,
 * pose ← C(t)·pose with C interpolated at frame t about the graph's `pivot` (the person's centre, or
 * the frame's camera; walk-drift.ts frameCorrection). framePoses are updated in place to the poses fused. Each frame's cleaned and
 * masked depth and weight come from `cleaned` (the first pass's, kept: cleaning again cost ~0.4 s
 * of a 250-frame turn) or are made again as in the first pass; the person's readings are
 * compensated for the sensor's smoothing when smoothingVariancePx2 > 0 (depth-filter.ts).
 * thicknessBand: beyond τ, the behind band stops at twice each reading's distance from the person's
 * outline (thickness-limits.ts). frameStride n: only every n-th frame is fused, each with n times
 * its weight (the others still take their interpolated pose). allocateSilhouettes: as in
 * integrateFrame. depthM, weight: per-pixel scratch; points: ≥ 3 floats of scratch. The frames are
 * fused as sums (integrateFrame's `sums`), `grid`'s own readings included, and turned into means at the end.
 * axisHeightAnchor: a point of the turning axis (model frame, m) each pose is held at the height of
 * (turn-axis.ts holdAxisHeight; option turnHoldAxisHeight, on), or null.
 */
export function fuseTurnWithGraph(
  recording: PhoneRecording, region: PersonRegion, centre: readonly number[], filter: DepthFilterOptions, framePoses: (Float64Array | null)[], nodes: DriftNode[],
  grid: SparseVoxelBlocks, behindFactor: number, smoothingVariancePx2: number, interpolate: boolean, pivot: WalkDriftOptions['pivot'], depthM: Float32Array, weight: Float32Array, points: Float32Array,
  cleaned?: readonly ({ depthM: Float32Array; weight: Float32Array } | null)[], thicknessBand = false, frameStride = 1, allocateSilhouettes = false,
  axisHeightAnchor: readonly number[] | null = null,
): void {
  const { width, height, frames } = recording;
  const scratch = createFusionScratch();
  meansToSums(grid);
  const stride = Math.max(1, Math.floor(frameStride));
  const limitScratch = thicknessBand ? { distance: new Float32Array(width * height), out: new Float32Array(width * height) } : null;
  const correction: Mat4 = new Float64Array(16), pose: Mat4 = new Float64Array(16);
  // The keyframes' refined poses (node k at frame nodes[k].frameIndex).
  const keyPoses = nodes.map((node) => multiply4(new Float64Array(16), correctionMatrix(node, correction), framePoses[node.frameIndex]!));
  // Without interpolation each frame's own pose is corrected by the nodes interpolated about the
  // graph's pivot: the person's centre for a turn's graph, else the frame's camera (as a walk's).
  const pivotOf = (m: Float64Array): [number, number, number] => (pivot === 'centre' ? [centre[0], centre[1], centre[2]] : [m[12], m[13], m[14]]);
  let next = 0;
  const poses = framePoses.map((registered, t) => {
    if (!registered) return null;
    if (!interpolate) return multiply4(new Float64Array(16), frameCorrection(nodes, t, pivotOf(registered), correction), registered);
    while (next < nodes.length && nodes[next].frameIndex < t) next++;
    if (next >= nodes.length) return multiply4(new Float64Array(16), frameCorrection(nodes, t, pivotOf(registered), correction), registered);
    if (nodes[next].frameIndex === t || next === 0) return Float64Array.from(next === 0 && nodes[0].frameIndex !== t ? registered : keyPoses[next]);
    const lo = nodes[next - 1].frameIndex, hi = nodes[next].frameIndex;
    return interpolatePose(new Float64Array(16), keyPoses[next - 1], keyPoses[next], (t - lo) / (hi - lo), centre);
  });
  if (axisHeightAnchor) {
    const anchorScratch = new Float64Array(48);
    for (let t = 0; t < poses.length; t++) { const p = poses[t]; if (p) holdAxisHeight(p, frames[t].cameraToWorld, axisHeightAnchor, anchorScratch); }
  }
  for (let t = 0; t < frames.length; t++) {
    const registered = framePoses[t];
    if (!registered) continue;
    if (t % stride !== 0) { registered.set(poses[t]!); continue; }
    const frame = frames[t];
    const kept = cleaned?.[t];
    if (kept) {
      depthM.set(kept.depthM); weight.set(kept.weight);
    } else {
      filterDepth(frame, width, height, filter, depthM, weight);
      const masked = maskPerson(depthM, weight, width, height, frame.intrinsics, frame.cameraToWorld, region, DEFAULT_SEGMENTATION.footCutM, 1 << 30, points);
      if (masked.kept === 0) continue;
    }
    if (smoothingVariancePx2 > 0) compensateSmoothingWhere(depthM, weight, width, height, smoothingVariancePx2, filter.jumpBaseM);
    if (stride > 1) for (let i = 0; i < weight.length; i++) weight[i] *= stride;
    pose.set(poses[t]!);
    const behindLimitM = limitScratch ? behindLimits(depthM, weight, width, height, 0.5 * (frame.intrinsics.fx + frame.intrinsics.fy), limitScratch.distance, limitScratch.out) : null;
    integrateFrame(grid, { depthM, weight, width, height, intrinsics: frame.intrinsics, behindLimitM }, pose, scratch, 2, behindFactor, allocateSilhouettes, true);
    registered.set(pose);
  }
  sumsToMeans(grid);
}
