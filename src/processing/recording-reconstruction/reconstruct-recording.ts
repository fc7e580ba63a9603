/**
 * reconstructRecording: a phone depth recording → the person's closed surface (metres, y up, feet on
 * y = 0), ready for measureBody. Method (docs/recording-reconstruction.md):
 * 1. Clean each depth map (confidence, range, silhouette jumps: depth-filter.ts).
 * 2. On a sample of frames placed with the phone's poses: the floor (RANSAC, floor-detection.ts) and the
 *    person (the cluster the views centre on, person-segmentation.ts); the checks "nobody in view"
 *    and "feet / head out of view".
 * 3. Which way it was recorded (camera-motion.ts): the phone went around the person (walk) or stood
 *    still while the person turned (turn); neither fails with what was wrong.
 * 4. Walk: the odometry's drift solved once over the whole recording from keyframes (a pose graph with
 *    loop closure, walk-keyframes.ts / walk-drift.ts), then every frame fused with its corrected pose,
 *    pixels that returned nothing carving free space. Turn (the person's region swept to a disc per
 *    height): frame by frame, predict the body's pose (the last rotation continued), refine it against
 *    a coarse tracking field fused so far (sdf-registration.ts) and fuse the frame into that field;
 *    the accumulated rotation must reach minTurnDeg; then the keyframes' poses refined as a pose graph
 *    about the body's axis (turn-pose-graph.ts) and every frame fused once into the output field.
 * 5. The TSDF's zero crossings (surface-points.ts; moved out by the sensor's smoothing bias,
 *    surface-smoothing-compensation.ts; sized by the silhouettes its frames saw (a walk with one offset for the whole body),
 *    silhouette-offset.ts / silhouette-size.ts), levelled on the floor (a turn: on its turning axis), closed
 *    into a watertight mesh by the point-cloud surface reconstruction (its floor closes the soles;
 *    seen-empty space left open).
 * Failures are ProcessingFailure: recording_invalid, no_person_found, recording_person_cut_off,
 * recording_motion_unsupported. Pure: no I/O, deterministic.
 */
import type { CaptureGeometry } from '../../domain/capture-geometry.ts';
import type { PhoneRecording } from '../../domain/phone-recording.ts';
import { ProcessingFailure } from '../../domain/processing-failure.ts';
import { reconstructSurface } from '../surface-reconstruction/reconstruct-surface.ts';
import { analyseCameraMotion, type CameraMotion } from './camera-motion.ts';
import { compensateSmoothingWhere, dropBesideNoReturn, filterDepth } from './depth-filter.ts';
import { extendFeetToFloor, heightAbove, levellingTransform, levelOnFloor, type FloorPlane } from './floor-detection.ts';
import { floorRemnantPoints, withoutPoints } from './floor-remnants.ts';
import { floorHeightsPerFrame, lockPosesToFloor } from './floor-locked-poses.ts';
import { maskPerson, type MaskResult } from './frame-person-mask.ts';
import { DEFAULT_SEGMENTATION, sweptRegion } from './person-segmentation.ts';
import { locatePerson } from './locate-person.ts';
import { identity4, invertRigid, multiply4, rotationAngle, tiltOf, twistAbout, wrapAngleRad, yawOf, type Mat4 } from './rigid-transform.ts';
import { registerToModel, type RegistrationOptions } from './sdf-registration.ts';
import { createVoxelBlocks, type SparseVoxelBlocks } from './sparse-voxel-blocks.ts';
import { sampleTsdf, SAMPLE_DISTANCE } from './tsdf-sampling.ts';
import { capPoints, extractSurfacePoints } from './surface-points.ts';
import { compensateSurfaceSmoothing } from './surface-smoothing-compensation.ts';
import { turnAxisCentre, turnAxisPlane } from './turn-axis.ts';
import { appendSilhouettePoints } from './silhouette-pixels.ts';
import { sizeBySilhouettes, testSilhouettes } from './silhouette-size.ts';
import { createFusionScratch, integrateFrame, sumsToMeans } from './tsdf-integration.ts';
import { fuseTurnWithGraph } from './turn-pose-graph.ts';
import { estimateWalkDrift, frameCorrection, type DriftKeyframe, type WalkDriftResult } from './walk-drift.ts';
import { keyframeIndices, personDepth, solveWalkDrift } from './walk-keyframes.ts';

export type { RecordingMode, RecordingReconstructionOptions } from './reconstruction-options.ts';
export { DEFAULT_RECONSTRUCTION } from './reconstruction-options.ts';
import { DEFAULT_RECONSTRUCTION, type RecordingMode, type RecordingReconstructionOptions } from './reconstruction-options.ts';

export interface RecordingReconstruction {
  /** The person's closed surface: metres, y up along gravity, floor at y = 0, centred on the person in x and z. */
  geometry: CaptureGeometry;
  diagnostics: Record<string, number | string | boolean>;
  /** Each frame's camera → model pose as fused (model frame: the world at the first frame, m); null for a frame without person pixels. */
  framePoses: (Float64Array | null)[];
  /** The fused surface's zero-crossing points the mesh was closed from, caps left out (the geometry's frame, m): for evaluation. */
  surfacePointsM: Float32Array;
  /** How the person was recorded, as decided from the camera's motion (also diagnostics.recordingMode). */
  mode: RecordingMode;
}

/** Memory for a turn's cleaned depth maps kept between the first pass and the output's fusion: 400 frames of 256 x 192. */
const MAX_KEPT_CLEANED_BYTES = 160 * 1024 * 1024;
/** Fraction of frames in which the head (feet) may touch the image border before the person counts as cut off. */
const MAX_CUT_FRAMES = 0.5;
/** Person pixels on the border for a frame to count as cutting the person off. */
const CUT_PIXELS = 4;

export function reconstructRecording(input: PhoneRecording, options: RecordingReconstructionOptions = DEFAULT_RECONSTRUCTION): RecordingReconstruction {
  const started = performance.now();
  const { width, height } = input;
  validate(input);
  const pixels = width * height;
  const depthM = new Float32Array(pixels), weight = new Float32Array(pixels);

  // 2. Floor and person, from a sample of frames in the world frame.
  let { floor, region: foundRegion } = locatePerson(input, options.depthFilter, depthM, weight);

  // 3. Walk or turn.
  const motion = analyseCameraMotion(input.frames, foundRegion.centre);
  const mode = decideMode(motion, options);
  // A walk's vertical drift, read off the floor every frame sees and taken out of its poses; the
  // floor and the person are then found again on the levelled frames (floor-locked-poses.ts).
  let recording = input, floorLockedFrames = 0, floorDriftMaxMm = 0;
  if (mode === 'walk' && options.walkFloorLock) {
    const lock = floorHeightsPerFrame(input, floor, foundRegion.centre);
    floorLockedFrames = lock.measuredFrames;
    if (lock.measuredFrames > 0) {
      for (const h of lock.heightsM) if (Number.isFinite(h)) floorDriftMaxMm = Math.max(floorDriftMaxMm, Math.abs(1000 * h));
      recording = lockPosesToFloor(input, floor, lock.heightsM);
      ({ floor, region: foundRegion } = locatePerson(recording, options.depthFilter, depthM, weight));
    }
  }
  const { frames } = recording;
  // A turning person sweeps a disc at each height: the region found on a sample of frames misses the arms between them.
  const region = mode === 'turn' && options.turnSweptRegion ? sweptRegion(foundRegion) : foundRegion;

  // 4. Register and fuse, frame by frame.
  const outputTruncM = mode === 'turn' ? options.turnTruncM : options.truncM;
  let grid = createVoxelBlocks(options.voxelM, outputTruncM);
  const scratch = createFusionScratch();
  const regPoints = new Float32Array(3 * Math.ceil(pixels / (options.registrationStride * options.registrationStride) + 1));
  const registration: RegistrationOptions = mode === 'turn' ? options.turnRegistration : options.walkRegistration;
  const behindFactor = mode === 'turn' ? options.turnBehindFactor : options.walkBehindFactor;
  const silhouettes = mode === 'turn' ? options.turnAllocateSilhouettes : options.walkAllocateSilhouettes;
  const correction = identity4(), previousCorrection = identity4(), predicted = identity4();
  const cameraToModel = new Float64Array(16), inverse = new Float64Array(16), delta = new Float64Array(16), tmp = new Float64Array(16);
  let upCut = 0, downCut = 0, unregistered = 0, rmsSum = 0, rmsCount = 0, maxTiltRad = 0;
  let turnRad = 0, previousYaw = 0, lastStepRad = 0;
  const refined = new Float64Array(16);
  const pivot: number[] = [0, 0, 0];
  const framePoses: (Float64Array | null)[] = frames.map(() => null);
  const fuseStarted = performance.now();
  // Walk with a smooth drift: solved before fusion, from keyframes only; frames then fuse with it, unregistered.
  const driftNodes = mode === 'walk' && options.refineWalkPoses && options.walkDrift ? solveWalkDrift(recording, region, options.depthFilter, options.walkDrift, depthM, weight, regPoints) : null;
  const driftMs = performance.now() - fuseStarted;
  const walkCompensation = mode === 'walk' ? options.walkSmoothingVariancePx2 : 0;
  const noReturnWeight = mode === 'walk' ? options.walkNoReturnWeight : 0;
  // Turn with a pose graph: the first pass's keyframes (registered pose, person's readings) feed it.
  const turnGraph = mode === 'turn' ? options.turnPoseGraph : null;
  const turnKeyframeAt = new Set(turnGraph ? keyframeIndices(frames.length, turnGraph) : []);
  const turnKeyframes: DriftKeyframe[] = [];
  // Turn: registration tracks against its own coarser field (turnTrackingVoxelM), fused with the same poses as the output field.
  const tracking = mode === 'turn' && options.turnTrackingVoxelM > 0 ? createVoxelBlocks(options.turnTrackingVoxelM, options.turnTrackingTruncM) : grid;
  const separateTracking = tracking !== grid;
  // With the graph, the output field is fused afterwards from each frame's cleaned and masked depth, kept here
  // (0.4 MB a frame at 256 x 192) up to MAX_KEPT_CLEANED_BYTES; later frames are cleaned again.
  const turnCleaned: ({ depthM: Float32Array; weight: Float32Array } | null)[] | null = turnGraph && separateTracking ? frames.map(() => null) : null;
  const trackingScratch = separateTracking ? createFusionScratch() : scratch;
  // A walk that registers no frame never reads its field while fusing: fused as sums, divided once at the end (tsdf-integration.ts).
  const fuseAsSums = mode === 'walk' && !(options.refineWalkPoses && !driftNodes);
  // A walk's silhouette test (step 4's end) reads every frameStride-th frame's person mask: kept here as masked, so
  // those frames are not cleaned again (a turn's test reads turnCleaned).
  const walkSilhouetteStride = mode === 'walk' && options.walkSilhouetteSize ? Math.max(1, options.walkSilhouetteSize.frameStride) : 0;
  const walkMasks: ({ weight: Float32Array } | null)[] | null = walkSilhouetteStride > 0 ? frames.map(() => null) : null;
  for (let t = 0; t < frames.length; t++) {
    const frame = frames[t];
    // A drift keyframe was cleaned and masked already (registration points are not needed then).
    const cached = driftNodes?.cache.get(t);
    let masked: MaskResult;
    if (cached) {
      depthM.set(cached.depthM); weight.set(cached.weight); masked = cached.masked;
    } else {
      filterDepth(frame, width, height, options.depthFilter, depthM, weight);
      masked = maskPerson(depthM, weight, width, height, frame.intrinsics, frame.cameraToWorld, region, DEFAULT_SEGMENTATION.footCutM, options.registrationStride, regPoints);
      if (mode === 'turn' && options.turnRegisterSilhouettes) {
        const registrationPoints = appendSilhouettePoints(depthM, weight, width, height, frame.intrinsics, options.registrationStride, outputTruncM, regPoints, masked.registrationPoints);
        masked = { ...masked, registrationPoints };
      }
    }
    if (walkMasks && t % walkSilhouetteStride === 0) walkMasks[t] = { weight: weight.slice() };
    if (masked.upBorder >= CUT_PIXELS) upCut++;
    if (masked.downBorder >= CUT_PIXELS) downCut++;
    if (masked.kept === 0) continue;
    if (noReturnWeight > 0) dropBesideNoReturn(frame.depthMm, depthM, weight, width, height);
    if (walkCompensation > 0) compensateSmoothingWhere(depthM, weight, width, height, walkCompensation, options.depthFilter.jumpBaseM);
    // Prediction of the world → model correction: walk keeps the last one (drift changes slowly);
    // turn continues the last frame's rotation (the person turns at a steady pace).
    // Only the yaw is continued, about the body's vertical axis: continuing tilt or sway would compound.
    if (mode === 'turn' && t > 1) {
      const c = region.centre;
      twistAbout(delta, 0, -lastStepRad, 0, 0, 0, 0, c[0], c[1], c[2]);
      multiply4(predicted, correction, delta);
    } else predicted.set(correction);
    multiply4(cameraToModel, predicted, frame.cameraToWorld);
    if (driftNodes) {
      const w = frame.cameraToWorld;
      multiply4(cameraToModel, frameCorrection(driftNodes.nodes, t, [w[12], w[13], w[14]], tmp), w);
    }
    const register = tracking.blockCount > 0 && (mode === 'turn' || (options.refineWalkPoses && !driftNodes));
    if (register) {
      refined.set(cameraToModel);
      // Turn: the body rotates about its own axis, so rotations are about its centre. Walk: what drifts is
      // the phone's pose, so rotations are about the camera; about the body's axis, a turn of the whole
      // model is barely constrained by a near-cylindrical body and wanders, smearing arms and legs.
      if (mode === 'turn') pivot.splice(0, 3, ...region.centre);
      else pivot.splice(0, 3, cameraToModel[12], cameraToModel[13], cameraToModel[14]);
      const result = registerToModel(tracking, regPoints, masked.registrationPoints, refined, pivot as [number, number, number], registration);
      // A result that leaves the prediction by more than a person can move between frames is a failure.
      if (result.converged && plausibleStep(cameraToModel, refined, region.centre, tmp)) cameraToModel.set(refined); else result.converged = false;
      if (result.converged) { rmsSum += result.rmsM; rmsCount++; } else unregistered++;
    }
    previousCorrection.set(correction);
    multiply4(correction, cameraToModel, invertRigid(inverse, frame.cameraToWorld));
    if (mode === 'turn') {
      // The body's rotation is the inverse of the correction: its yaw, unwrapped, is how far the person turned.
      invertRigid(tmp, correction);
      const yaw = yawOf(tmp);
      const step = wrapAngleRad(yaw - previousYaw);
      turnRad += step;
      lastStepRad = step;
      previousYaw = yaw;
      maxTiltRad = Math.max(maxTiltRad, tiltOf(tmp));
    }
    const fusionFrame = { depthM, weight, width, height, intrinsics: frame.intrinsics, rawDepthMm: noReturnWeight > 0 ? frame.depthMm : null, noReturnWeight };
    if (tracking !== grid && (t % options.turnTrackingFrameStride === 0 || tracking.blockCount === 0)) integrateFrame(tracking, fusionFrame, cameraToModel, trackingScratch, 2, behindFactor, silhouettes);
    // The output field's readings only (as a walk's): the tracking field registers the uncompensated depth.
    if (tracking !== grid && !turnGraph && options.turnSmoothingVariancePx2 > 0) compensateSmoothingWhere(depthM, weight, width, height, options.turnSmoothingVariancePx2, options.depthFilter.jumpBaseM);
    // With the turn's graph and a tracking field, the output field is fused once, afterwards, with the refined poses.
    if (!turnGraph || tracking === grid) integrateFrame(grid, fusionFrame, cameraToModel, scratch, 2, behindFactor, silhouettes, fuseAsSums);
    framePoses[t] = Float64Array.from(cameraToModel);
    if (turnCleaned && t % options.turnOutputFrameStride === 0 && (t + 1) * 8 * pixels <= MAX_KEPT_CLEANED_BYTES) turnCleaned[t] = { depthM: depthM.slice(), weight: weight.slice() };
    if (turnKeyframeAt.has(t)) turnKeyframes.push({ frameIndex: t, cameraToWorld: framePoses[t]!, intrinsics: frame.intrinsics, depthM: personDepth(depthM, weight) });
  }
  let turnGraphResult: WalkDriftResult | null = null;
  let turnGraphMs = 0;
  if (fuseAsSums) sumsToMeans(grid);
  const secondFusionStarted = performance.now();
  if (turnGraph && turnKeyframes.length >= 2) {
    // The keyframes' registered poses are the graph's odometry; the model frame is its world.
    const graphStarted = performance.now();
    const turningAxis = options.turnAxisPivot || options.turnHoldAxisHeight ? turnAxisCentre(framePoses, frames.map((f) => f.cameraToWorld), region.centre) : null;
    const axisCentre = options.turnAxisPivot ? turningAxis! : region.centre;
    turnGraphResult = estimateWalkDrift(turnKeyframes, width, height, axisCentre, turnGraph);
    turnGraphMs = performance.now() - graphStarted;
    if (tracking === grid) grid = createVoxelBlocks(options.voxelM, outputTruncM);
    fuseTurnWithGraph(recording, region, axisCentre, options.depthFilter, framePoses, turnGraphResult.nodes, grid, behindFactor, options.turnSmoothingVariancePx2, options.turnInterpolatePoses, turnGraph.pivot, depthM, weight, regPoints, turnCleaned ?? undefined, options.turnThicknessBand, options.turnOutputFrameStride, silhouettes, options.turnHoldAxisHeight ? turningAxis : null);
  }
  const secondFusionMs = performance.now() - secondFusionStarted - turnGraphMs;
  const fuseMs = performance.now() - fuseStarted;
  const turnDeg = Math.abs((turnRad * 180) / Math.PI);
  if (upCut > MAX_CUT_FRAMES * frames.length) {
    throw new ProcessingFailure('recording_person_cut_off', `The person's head is out of the picture in ${upCut} of ${frames.length} frames; hold the phone farther away so the whole body is in view.`);
  }
  if (downCut > MAX_CUT_FRAMES * frames.length) {
    throw new ProcessingFailure('recording_person_cut_off', `The person's feet are out of the picture in ${downCut} of ${frames.length} frames; hold the phone farther away so the whole body is in view.`);
  }
  if (mode === 'turn' && turnDeg < options.minTurnDeg) {
    throw new ProcessingFailure('recording_motion_unsupported', turnDeg < 20
      ? 'The phone stood still and the person did not turn; turn a full circle slowly in front of the phone, or walk around the person with it.'
      : `The person turned only ${turnDeg.toFixed(0)} degrees; turn a full circle in front of the phone.`);
  }

  // The surface's size against the silhouettes its frames saw (a turn's, and a walk's with one offset for the whole body): tested on the fused field here, its surface points moved below (silhouette-size.ts).
  const silhouetteSize = mode === 'turn' ? options.turnSilhouetteSize : options.walkSilhouetteSize;
  const silhouette = silhouetteSize ? testSilhouettes(grid, recording, framePoses, turnCleaned ?? walkMasks, region, options.depthFilter, silhouetteSize, depthM, weight, regPoints) : null;

  // 5. Surface: zero crossings above the floor, levelled and closed.
  const extractStarted = performance.now();
  const aboveFloor = (x: number, y: number, z: number) => heightAbove(floor, x, y, z) >= DEFAULT_SEGMENTATION.footCutM;
  const surfacePoints = extractSurfacePoints(grid, options.surfaceMinWeight, aboveFloor);
  const surfaceCompensation = mode === 'walk' ? options.walkSurfaceSmoothingPx2 : options.turnSurfaceSmoothingPx2;
  const compensatedPoints = surfaceCompensation > 0
    ? compensateSurfaceSmoothing(grid, surfacePoints, framePoses, region.centre, 0.5 * (frames[0].intrinsics.fx + frames[0].intrinsics.fy), { variancePx2: surfaceCompensation, maxShiftM: options.surfaceSmoothingMaxShiftM })
    : 0;
  const silhouetteMovedPoints = silhouette ? sizeBySilhouettes(grid, surfacePoints, silhouette, (x, y, z) => heightAbove(floor, x, y, z), region.topM, silhouetteSize!) : 0;
  const caps = options.capClearVoxels > 0 ? capPoints(grid, options.surfaceMinWeight, options.capClearVoxels, aboveFloor) : new Float32Array(0);
  const allPoints = new Float32Array(surfacePoints.length + caps.length);
  allPoints.set(surfacePoints); allPoints.set(caps, surfacePoints.length);
  // A turn stands the body on its own turning axis (turn-axis.ts); a walk on the floor's normal.
  const axisPlane = mode === 'turn' ? turnAxisPlane(framePoses, frames.map((f) => f.cameraToWorld), floor, region.centre) : null;
  const levelPlane = axisPlane ?? floor;
  const levelledPoints = levelOnFloor(allPoints, levelPlane, region.centre);
  // A turn's floor, fused in the body's frame, leaves a disc round the feet (floor-remnants.ts).
  const remnantOptions = mode === 'turn' ? options.turnFloorRemnants : null;
  const remnants = remnantOptions ? floorRemnantPoints(levelledPoints, remnantOptions.bandM, remnantOptions.supportBottomM, remnantOptions.supportTopM, remnantOptions.radiusM) : null;
  const floorRemnantCount = remnants ? remnants.reduce((sum, r) => sum + r, 0) : 0;
  const levelled = extendFeetToFloor(remnants ? withoutPoints(levelledPoints, remnants) : levelledPoints, DEFAULT_SEGMENTATION.footCutM, options.voxelM);
  const emptyAheadM = mode === 'walk' ? options.walkMeshEmptyAheadM : options.turnMeshEmptyAheadM;
  const isEmpty = emptyAheadM > 0 ? seenEmpty(grid, levelPlane, region.centre, options.surfaceMinWeight, emptyAheadM) : undefined;
  const mesh = reconstructSurface(levelled, { voxelSizeM: options.meshVoxelM, floorYM: 0, isEmpty, paraboloidSnap: mode === 'walk' ? options.walkParaboloidSnap : options.turnParaboloidSnap });
  if (mesh.indices.length === 0) throw new ProcessingFailure('no_person_found', 'No surface could be fused from the recording.');
  const extractMs = performance.now() - extractStarted;
  return {
    mode, geometry: { positions: mesh.positionsM, indices: mesh.indices, colors: null, normals: null },
    diagnostics: {
      recordingMode: mode,
      frames: frames.length,
      depthSize: `${width}x${height}`,
      floorInlierFraction: round(floor.inlierFraction, 3),
      floorLockedFrames,
      floorDriftMaxMm: round(floorDriftMaxMm, 1),
      personHeightM: round(region.topM, 3),
      personBottomM: round(region.bottomM, 3),
      droppedClusters: region.droppedClusters,
      cameraSpreadM: round(motion.spreadM, 3),
      cameraSweepDeg: round(motion.sweepDeg, 1),
      cameraDistanceM: round(motion.meanDistanceM, 3),
      turnDeg: round(turnDeg, 1),
      maxBodyTiltDeg: round((maxTiltRad * 180) / Math.PI, 2),
      leanDeg: axisPlane ? round((Math.acos(Math.min(1, axisPlane.normal[0] * floor.normal[0] + axisPlane.normal[1] * floor.normal[1] + axisPlane.normal[2] * floor.normal[2])) * 180) / Math.PI, 2) : 0,
      registrationRmsMm: rmsCount > 0 ? round((1000 * rmsSum) / rmsCount, 2) : 0,
      framesNotRegistered: unregistered,
      framesHeadCut: upCut,
      framesFeetCut: downCut,
      tsdfBlocks: grid.blockCount,
      trackingBlocks: separateTracking ? tracking.blockCount : 0,
      surfacePoints: surfacePoints.length / 3,
      capPoints: caps.length / 3,
      floorRemnantPoints: floorRemnantCount,
      compensatedPoints,
      meshTriangles: mesh.indices.length / 3,
      fuseMs: Math.round(fuseMs),
      driftMs: Math.round(driftMs),
      turnGraphMs: Math.round(turnGraphMs),
      turnGraphFusionMs: Math.round(turnGraphResult ? secondFusionMs : 0),
      driftRmsMm: driftNodes ? round(1000 * driftNodes.rmsM, 2) : turnGraphResult ? round(1000 * turnGraphResult.rmsM, 2) : 0,
      driftPairs: driftNodes ? driftNodes.pairs : turnGraphResult ? turnGraphResult.pairs : 0,
      driftIterations: driftNodes ? driftNodes.iterations : turnGraphResult ? turnGraphResult.iterations : 0,
      extractMs: Math.round(extractMs),
      silhouetteOffsetMm: silhouette ? round(1000 * silhouette.medianM, 2) : 0,
      silhouetteEdges: silhouette ? silhouette.test.count : 0,
      silhouetteSizeShiftMm: silhouette ? round(1000 * silhouette.wholeShiftM, 2) : 0,
      silhouetteMovedPoints,
      silhouetteMs: silhouette ? Math.round(silhouette.ms) : 0,
      totalMs: Math.round(performance.now() - started),
    },
    framePoses,
    surfacePointsM: levelled.subarray(0, surfacePoints.length),
  };
}

/**
 * Known empty space for the closed mesh, in the levelled frame (m): a point whose fused distance (the
 * field observed all round it, weight ≥ minWeight) lies more than aheadM in front of the surface. Lets
 * a gap the sensor saw through (between the thighs below the crotch) stay open where the mesh's
 * one-cell closing would bridge it.
 */
function seenEmpty(grid: SparseVoxelBlocks, floor: FloorPlane, centre: readonly number[], minWeight: number, aheadM: number): (x: number, y: number, z: number) => boolean {
  const { r, t } = levellingTransform(floor, centre);
  const sample = new Float64Array(5);
  return (x, y, z) => {
    // Model frame: p = Rᵀ(q − t).
    const qx = x - t[0], qy = y - t[1], qz = z - t[2];
    const px = r[0] * qx + r[3] * qy + r[6] * qz, py = r[1] * qx + r[4] * qy + r[7] * qz, pz = r[2] * qx + r[5] * qy + r[8] * qz;
    return sampleTsdf(grid, px, py, pz, minWeight, sample) && sample[SAMPLE_DISTANCE] > aheadM;
  };
}

/** Largest rotation (rad) and translation (m) registration may add to a frame's prediction. */
const MAX_STEP_RAD = (15 * Math.PI) / 180;
const MAX_STEP_M = 0.08;

/**
 * Whether the registered camera-to-model pose is finite and within a plausible step of the predicted
 * one: the step (refined · predicted⁻¹, model frame) turns by at most MAX_STEP_RAD and moves the body's
 * centre by at most MAX_STEP_M.
 */
function plausibleStep(predicted: Mat4, refined: Mat4, centre: [number, number, number], scratch: Mat4): boolean {
  if (!refined.every(Number.isFinite)) return false;
  const inverse = invertRigid(new Float64Array(16), predicted);
  multiply4(scratch, refined, inverse);
  const [cx, cy, cz] = centre;
  const mx = scratch[0] * cx + scratch[4] * cy + scratch[8] * cz + scratch[12] - cx;
  const my = scratch[1] * cx + scratch[5] * cy + scratch[9] * cz + scratch[13] - cy;
  const mz = scratch[2] * cx + scratch[6] * cy + scratch[10] * cz + scratch[14] - cz;
  return rotationAngle(scratch) <= MAX_STEP_RAD && Math.hypot(mx, my, mz) <= MAX_STEP_M;
}

/**
 * The recording with every depth reading that is not the person's set to 0 (the same floor and
 * person detection as reconstructRecording; no confidence or silhouette filtering): what a peer
 * fusion is given in the benchmark and the accuracy evaluation, so both fuse the same pixels.
 */
export function personOnlyRecording(recording: PhoneRecording, options: RecordingReconstructionOptions = DEFAULT_RECONSTRUCTION): PhoneRecording {
  validate(recording);
  const { width, height } = recording;
  const depthM = new Float32Array(width * height), weight = new Float32Array(width * height);
  const { region } = locatePerson(recording, options.depthFilter, depthM, weight);
  const points = new Float32Array(3);
  const frames = recording.frames.map((frame) => {
    for (let i = 0; i < depthM.length; i++) { depthM[i] = frame.depthMm[i] * 0.001; weight[i] = frame.depthMm[i] > 0 ? 1 : 0; }
    maskPerson(depthM, weight, width, height, frame.intrinsics, frame.cameraToWorld, region, DEFAULT_SEGMENTATION.footCutM, 1 << 30, points);
    const depthMm = Uint16Array.from(frame.depthMm, (d, i) => (weight[i] > 0 ? d : 0));
    return { ...frame, depthMm };
  });
  return { ...recording, frames };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function validate(recording: PhoneRecording): void {
  const { width, height, frames } = recording;
  if (frames.length < 10) throw new ProcessingFailure('recording_invalid', `The recording holds ${frames.length} depth frames; at least 10 are needed.`);
  for (const f of frames) {
    if (f.depthMm.length !== width * height) throw new ProcessingFailure('recording_invalid', `Depth frame ${f.frame} holds ${f.depthMm.length} readings, not ${width}x${height}.`);
    if (f.confidence && f.confidence.length !== width * height) throw new ProcessingFailure('recording_invalid', `Confidence frame ${f.frame} is not ${width}x${height}.`);
    if (f.cameraToWorld.length !== 16 || !f.cameraToWorld.every(Number.isFinite)) throw new ProcessingFailure('recording_invalid', `Frame ${f.frame} has no valid pose.`);
    const k = f.intrinsics;
    if (!(k.fx > 0 && k.fy > 0 && Number.isFinite(k.cx) && Number.isFinite(k.cy))) throw new ProcessingFailure('recording_invalid', `Frame ${f.frame} has no valid depth intrinsics.`);
  }
}

function decideMode(motion: CameraMotion, options: RecordingReconstructionOptions): RecordingMode {
  if (motion.spreadM <= options.stillSpreadM && motion.maxViewChangeDeg <= options.stillViewDeg) return 'turn';
  if (motion.sweepDeg >= options.minWalkSweepDeg) return 'walk';
  throw new ProcessingFailure('recording_motion_unsupported', motion.sweepDeg >= 30
    ? `The phone went only ${motion.sweepDeg.toFixed(0)} degrees around the person; walk a full circle around them, or stand the phone still and let them turn in front of it.`
    : `The phone moved ${(100 * motion.spreadM).toFixed(0)} cm without going around the person; walk a full circle around them, or stand the phone still and let them turn in front of it.`);
}
