/**
 * The reconstruction's options and their defaults (docs/recording-reconstruction.md, "Parameters"):
 * voxel and truncation, depth filtering, registration per mode, the walk's pose graph and
 * smoothing compensation, the turn's optional pose graph, caps and the final mesh's cell.
 */
import { DEFAULT_DEPTH_FILTER, type DepthFilterOptions } from './depth-filter.ts';
import { DEFAULT_REGISTRATION, type RegistrationOptions } from './sdf-registration.ts';
import type { SilhouetteSizeOptions } from './silhouette-size.ts';
import { DEFAULT_TURN_POSE_GRAPH } from './turn-pose-graph.ts';
import { DEFAULT_WALK_DRIFT, type WalkDriftOptions } from './walk-drift.ts';

export type RecordingMode = 'walk' | 'turn';

export interface RecordingReconstructionOptions {
  /** TSDF voxel edge (m) and truncation distance τ (m) of a walk's output field. */
  voxelM: number;
  truncM: number;
  /**
   * τ (m) of a turn's output field, the walk's so far. With the behind band (turnBehindFactor τ) it
   * sets how far behind a reading the field is told "inside"; a turn's registered poses scatter
   * more than a walk's (centre 4–5 mm, rotation ~0.9° about their mean), and at 15 mm the thin
   * bodies' feet and lower legs, seen from views that disagree by that much, are carved down. Wider
   * τ measured (docs/recording-reconstruction.md, "A wider truncation for turns"): 25 mm alone read
   * the volume −2.1 % instead of −3.4 % on 14 bodies but inflated the forearms to +11 mm. With the
   * band limited by each reading's distance from the outline (turnThicknessBand), 35 mm: 8 bodies
   * −3.71 → −2.17 %, 24 of 27 girths instead of 23; 14 bodies (seeds 1011..) −2.01 %; since
   * 2026-11-25 ("A thickness-limited behind band for turns"), ~0.6 s more per 250-frame turn.
   */
  turnTruncM: number;
  depthFilter: DepthFilterOptions;
  /** Every n-th person pixel (each image axis) takes part in registration. */
  registrationStride: number;
  /** A turn must accumulate at least this rotation, a walk must go this far around (degrees). */
  minTurnDeg: number;
  minWalkSweepDeg: number;
  /** The phone counts as standing still when its centre stays within this (m) and its view within this (degrees). */
  stillSpreadM: number;
  stillViewDeg: number;
  /** Minimum voxel weight of the extracted surface (≈ confident readings seen). */
  surfaceMinWeight: number;
  /**
   * Cell of the final watertight mesh (m). Coarser than the TSDF voxel: the zero-crossing points are
   * about a voxel apart and a phone held at chest height never sees the tops of the shoulders, so the
   * one-cell closing of the point reconstruction must bridge such gaps (6 mm cells left them open).
   */
  meshVoxelM: number;
  /**
   * A mesh cell whose centre the fused field puts more than this in front of the surface (m, observed
   * all round) is empty space the mesh's closing must not fill (reconstruct-surface.ts isEmpty), so the
   * gap between the thighs below the crotch stays open; 0 = off. Per mode: at first walks only (a
   * turn's arms move, so space seen empty at one moment is not at another); the fused distance is a
   * weighted average of all moments, and with the turn's pose graph the same 4 mm measured better on
   * turns too (docs/recording-reconstruction.md).
   */
  walkMeshEmptyAheadM: number;
  turnMeshEmptyAheadM: number;
  /**
   * Per mode: the closed surface's vertices snap onto a paraboloid fitted to the nearby points
   * instead of onto their centroid, which lies inside a convex surface such as a bust
   * (reconstruct-surface.ts paraboloidSnap; docs/recording-reconstruction.md). Turns: on since
   * 2026-12-01 ("The paraboloid snap for turns, with the floor gone"): 8 bodies x 4 seed sets, the
   * chest's MAE 11.7 / 7.8 / 10.1 / 8.8 → 9.1 / 7.2 / 8.2 / 6.9 mm, every girth within the ISO goal on
   * every set, repeatability as before. Walks: off (their registered cameras sit ~0.7 mm too far
   * out, which the centroid's shrink offsets; every walk girth grew ~3 mm with it).
   */
  walkParaboloidSnap: boolean;
  turnParaboloidSnap: boolean;
  /**
   * Registration per mode. Turn: rotations about the body's centre; yaw nearly free (the prediction
   * only continues the last step), vertical motion held (a standing person sways a little), tilt
   * damped lightly (0.5): a person turning about an axis that leans α shows, relative to the first
   * frame, a tilt of up to 2·α·sin(θ/2) after turning θ (4° halfway round at α = 2°), which a stiffer
   * damping (5, before 2026-11-24) followed late, displacing the feet a metre below the pivot by
   * millimetres (docs/recording-reconstruction.md). Walk: rotations about the camera; roll and pitch locked (ARKit's orientation is
   * gravity-aligned, only its yaw and position drift), yaw and position damped so a frame corrects
   * slow drift without turning the model about its nearly cylindrical axis; only voxels seen at
   * least 5 times count, so a frame is not pulled toward the model's thin, grazing-angle edges.
   */
  turnRegistration: RegistrationOptions;
  walkRegistration: RegistrationOptions;
  /**
   * How far behind the surface (in τ) a reading still updates a voxel, as −1 (tsdf-integration.ts).
   * Tuned per mode on one development body (docs/recording-reconstruction.md): the turn's phone stands
   * ~2 m away and its noisier readings need the band (1.5); for a walk at ~1.5 m skipping them (1.0)
   * measured closer.
   */
  turnBehindFactor: number;
  walkBehindFactor: number;
  /**
   * Walk: each frame's vertical drift read off the floor it sees and taken out of its pose before
   * anything else (floor-locked-poses.ts): the walk's pose graph barely sees vertical motion, and a
   * body fused from frames that drifted up stands too low on the floor, its soles cut off
   * (docs/recording-reconstruction.md, "A walk's floor as its vertical reference").
   */
  walkFloorLock: boolean;
  /** Refine the phone's poses of a walk against the model (drift correction); off: fuse with the poses as recorded. */
  refineWalkPoses: boolean;
  /**
   * How a walk's drift is corrected when refineWalkPoses: a smooth drift solved over the whole recording
   * from the keyframes' consistency with each other and the odometry (walk-drift.ts), then fused
   * without per-frame registration; null: frame-by-frame registration against the model (walkRegistration).
   */
  walkDrift: WalkDriftOptions | null;
  /**
   * Depth-smoothing compensation (depth-filter.ts; pixels² per image axis, 0 = none) of the person's
   * readings of a walk, applied to what is fused only: the drift's keyframes stay uncompensated. On top
   * of depthFilter.smoothingVariancePx2, which applies to every frame and purpose.
   */
  walkSmoothingVariancePx2: number;
  /**
   * Depth-smoothing compensation of a walk on the fused surface (surface-smoothing-compensation.ts;
   * pixels² per image axis, 0 = none): each zero-crossing point moves outward by ½·s_m²·(κ₁ + κ₂), the
   * curvature the fused field's, so limbs too thin for the per-map compensation are corrected too.
   */
  walkSurfaceSmoothingPx2: number;
  /**
   * Walk: carving weight (0..1) of a pixel whose raw reading is 0 (nothing returned within range: free
   * space along the whole ray; tsdf-integration.ts), the readings beside such pixels dropped before
   * fusion (depth-filter.ts dropBesideNoReturn; not in the keyframes of the drift or the segmentation);
   * 0 = such pixels teach nothing and their neighbours are fused (as in a turn).
   */
  walkNoReturnWeight: number;
  /**
   * The same surface compensation for a turn (pixels², 0 = none; the walk's figure, the simulator's
   * kernel). Not a gain while the turn's frame-to-model registration inflated the trunk; with the
   * turn's pose graph it is (docs/recording-reconstruction.md, "The turn's pose graph about the body's axis").
   */
  turnSurfaceSmoothingPx2: number;
  /** Largest move of a point by walkSurfaceSmoothingPx2 (m). */
  surfaceSmoothingMaxShiftM: number;
  /**
   * Turn: refine the frame-to-model poses as a keyframe pose graph in the model frame (yaw about the
   * person's centre, DEFAULT_TURN_POSE_GRAPH) and fuse the output field once with the refined poses
   * (turn-pose-graph.ts); null: fuse as registered, frame by frame.
   */
  turnPoseGraph: WalkDriftOptions | null;
  /**
   * Turn with turnPoseGraph: its pivot is the body's turning axis found from the first pass
   * (turn-axis.ts turnAxisCentre), not the person region's centroid (11–15 cm nearer the camera).
   * Off: measured within the run-to-run scatter (docs/recording-reconstruction.md, "The turn's graph
   * about its turning axis").
   */
  turnAxisPivot: boolean;
  /**
   * Turn with turnPoseGraph: each fused pose moved vertically so that the turning axis (turn-axis.ts
   * turnAxisCentre) keeps its height (holdAxisHeight): a person turning in place neither rises nor
   * sinks, and the registration's vertical wander (±4 mm) fused one side's shoulders lower than the
   * other's. On since 2026-12-03: turns repeat on 208 of 216 girths over eight seed sets (204 without),
   * the shoulder the most (docs/recording-reconstruction.md, "A turn held at its turning axis' height").
   */
  turnHoldAxisHeight: boolean;
  /**
   * Turn with turnPoseGraph: beyond τ, the output field's behind band stops at twice each reading's
   * distance from the person's outline (thickness-limits.ts): a thin limb's far side is nearer.
   */
  turnThicknessBand: boolean;
  /**
   * Turn with turnPoseGraph: the output field fuses every n-th frame, each with n times its weight
   * (turn-pose-graph.ts fuseTurnWithGraph); the frames between still take part in the first pass.
   * A still phone's neighbouring frames see the body ~1.4° apart (250 frames per turn), so half of
   * them carry little new; measured with the silhouette allocation (docs/recording-reconstruction.md,
   * "Every silhouette reading allocates"): n = 2 read as well as n = 1 (8 bodies, two seeds: 25 / 25
   * girths, MAE 6.78 / 5.98 mm against 7.26 / 5.86) in ~0.85 s less per 250-frame turn.
   */
  turnOutputFrameStride: number;
  /**
   * Fusion allocates the blocks around every silhouette reading too, not only every 2nd pixel's
   * (tsdf-integration.ts integrateFrame): on for turns (volume and girths better, see there), off for
   * walks (no gain, ~25 % more fusion time).
   */
  turnAllocateSilhouettes: boolean;
  walkAllocateSilhouettes: boolean;
  /**
   * Turn: besides every registrationStride-th person pixel, every silhouette reading (depth jumps
   * beyond the output field's τ) is a registration point (silhouette-pixels.ts appendSilhouettePoints):
   * the limbs' edges hold the body's turn about its axis. Measured: two turns of one body agree
   * better, the girths' accuracy within the scatter (docs/recording-reconstruction.md, "Silhouette
   * points in a turn's registration").
   */
  turnRegisterSilhouettes: boolean;
  /**
   * Smoothing compensation (pixels², 0 = none) of a turn's fused readings: those of the second pass
   * with turnPoseGraph, else, with a tracking field, those fused into the output field (the tracking
   * field stays uncompensated, as a walk's keyframes). Measured, not a gain: docs/recording-reconstruction.md.
   */
  turnSmoothingVariancePx2: number;
  /** Turn with turnPoseGraph: frames between keyframes take the refined keyframes' poses interpolated (true) or their own registered pose corrected by the interpolated nodes (false). */
  turnInterpolatePoses: boolean;
  /**
   * Turn: the field registration tracks against, fused with the same poses as the output field but on
   * coarser voxels (edge and truncation τ, m), every turnTrackingFrameStride-th frame; 0 = register
   * against the output field itself. Measured (docs/recording-reconstruction.md, "A coarser field to
   * track a turn"): 10 mm voxels, τ = 20 mm, every 2nd frame drift less than the 5 mm output field
   * (8 bodies: MAE of the 27 girths 14.3 -> 11.6 mm) for 8–10 % more time.
   */
  turnTrackingVoxelM: number;
  /** Turn: the person's region filled out to a disc per height layer (person-segmentation.ts sweptRegion). */
  turnSweptRegion: boolean;
  turnTrackingTruncM: number;
  turnTrackingFrameStride: number;
  /** Voxels never observed straight above a voxel inside the body for it to get a cap point (surface-points.ts capPoints); 0 = no caps. */
  capClearVoxels: number;
  /**
   * Turn: the fused surface sized by the silhouettes its frames saw (silhouette-offset.ts,
   * silhouette-size.ts); null = off. Every 6th frame's silhouette boundaries are tested against the
   * fused field; each surface point moves outward by gain · (offset − biasM), the offset local below
   * 36 % of the person's height (the legs) and the whole body's above. biasM −1.35 mm: what the test
   * reads on the 32 turns of 8 bodies fused with the simulator's true poses (−1.0 to −1.6 mm per
   * body; −0.1 to +0.2 mm with ideal depth: the sensor's smoothing pulls each frame's own edge
   * readings toward the camera, which bulges the field along its own boundary rays). gain 0.6: between
   * two turns of one body the fused surface's mean radius moved 0.56 mm (the trunk's 0.76 mm) per mm
   * of the test's reading (8 bodies x 4 turns, within-body regression). Measured:
   * docs/recording-reconstruction.md, "A turn's size from its silhouettes".
   */
  turnSilhouetteSize: SilhouetteSizeOptions | null;
  /**
   * Walk: the fused surface sized by its silhouettes as a turn's is, with one offset for the whole
   * body (cellM 0) and gain 1; null = off. Why: two walks of one body differed mostly by a common
   * size (the pose refinement can leave the cameras a millimetre or two nearer or farther from the
   * person all round); between two walks of one body the girths' mean radius moved 1.04 mm per mm of
   * the test's reading (32 pairs, correlation −0.96), so gain 1. biasM +0.25 mm: the mean reading of
   * the 32 walks of seeds 11.. and 111.. (so the sizing keeps the walks' mean size, which met the
   * truth: volume −0.10 / +0.30 %). Local offsets on the legs, as a turn's, shrank a walk's calves
   * and lower thighs by 5 mm of girth (their rays read higher than the trunk's). Measured:
   * docs/recording-reconstruction.md, "A walk's size from its silhouettes".
   */
  walkSilhouetteSize: SilhouetteSizeOptions | null;
  /**
   * Turn: levelled surface points lower than bandM over the floor with no surface point between
   * supportBottomM and supportTopM within radiusM horizontally are floor, not feet, and are dropped
   * before the feet are continued to the floor (floor-remnants.ts); null = kept. A turn's floor,
   * fused in the body's frame about a leaning axis, left a disc up to ~35 mm high round the feet; a
   * foot's instep stands above 50 mm within 8 cm of its toes' tips. Walks fuse the floor in the
   * world's frame and leave no disc (64 simulated walks: none), so they keep every point.
   * Measured: docs/recording-reconstruction.md, "The floor round a turn's feet".
   */
  turnFloorRemnants: { bandM: number; supportBottomM: number; supportTopM: number; radiusM: number } | null;
}

export const DEFAULT_RECONSTRUCTION: RecordingReconstructionOptions = {
  voxelM: 0.005, truncM: 0.015, turnTruncM: 0.035, depthFilter: DEFAULT_DEPTH_FILTER, registrationStride: 2,
  minTurnDeg: 300, minWalkSweepDeg: 300, stillSpreadM: 0.2, stillViewDeg: 20, surfaceMinWeight: 2, meshVoxelM: 0.01, walkMeshEmptyAheadM: 0.004, turnMeshEmptyAheadM: 0.004,
  walkParaboloidSnap: false, turnParaboloidSnap: true,
  refineWalkPoses: true,
  walkFloorLock: true,
  walkDrift: DEFAULT_WALK_DRIFT,
  walkSmoothingVariancePx2: 0,
  walkSurfaceSmoothingPx2: 1.5,
  surfaceSmoothingMaxShiftM: 0.003,
  walkNoReturnWeight: 1,
  turnSurfaceSmoothingPx2: 1.5,
  turnPoseGraph: DEFAULT_TURN_POSE_GRAPH,
  turnAxisPivot: false,
  turnHoldAxisHeight: true,
  turnThicknessBand: true,
  turnOutputFrameStride: 2,
  turnAllocateSilhouettes: true,
  walkAllocateSilhouettes: false,
  turnRegisterSilhouettes: true,
  turnSmoothingVariancePx2: 0,
  turnInterpolatePoses: true,
  turnTrackingVoxelM: 0.01,
  turnSweptRegion: true,
  turnTrackingTruncM: 0.02,
  turnTrackingFrameStride: 2,
  turnRegistration: { ...DEFAULT_REGISTRATION, damping: [0.5, 0.02, 0.5, 0.3, 3, 0.3] },
  walkRegistration: { ...DEFAULT_REGISTRATION, minWeight: 5, damping: [1000, 30, 1000, 5, 5, 5] },
  turnBehindFactor: 1.5,
  walkBehindFactor: 1.0,
  capClearVoxels: 6,
  turnFloorRemnants: { bandM: 0.035, supportBottomM: 0.05, supportTopM: 0.15, radiusM: 0.08 },
  turnSilhouetteSize: { frameStride: 6, biasM: -0.00135, gain: 0.6, cellM: 0.06, minSamples: 200, localBelowFraction: 0.36 },
  walkSilhouetteSize: { frameStride: 6, biasM: 0.00025, gain: 1, cellM: 0, minSamples: 200, localBelowFraction: 0.36 },
};
