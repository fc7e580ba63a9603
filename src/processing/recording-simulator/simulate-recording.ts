import type { DepthFrame, DepthIntrinsics, PhoneRecording } from '../../domain/phone-recording.ts';
import { makeGaussian, makeRandom } from '../geometry/prng.ts';
import { invertRigid, multiplyPoses, poseFromAxes, rotationAbout, transformPoints, translation, type Vec3 } from '../geometry/camera-pose.ts';
import { emptyDepthImage, rasteriseMesh, rasterisePlane, type DepthView } from './depth-renderer.ts';
import {
  DEPTH_HEIGHT, DEPTH_WIDTH, DRIFT_POSITION_M_PER_SQRT_M, DRIFT_YAW_DEG_PER_SQRT_M, IPHONE_RGB_INTRINSICS,
  POSE_JITTER_DEG, POSE_JITTER_M, RGB_HEIGHT, RGB_WIDTH,
} from './lidar-figures.ts';
import { applyLidarSensorModel, makeSensorScratch } from './lidar-sensor-model.ts';
import {
  swingArms, turnState, turnStyle, walkPose, walkWobble, type RecordingMode, type TurnPlan, type WalkPlan,
} from './recording-motion.ts';

/**
 * The recording simulator: renders what a LiDAR iPhone running the Stray Scanner app records of a
 * body mesh, walking round the person or watching them turn (recording-motion.ts), through the
 * sensor model (lidar-sensor-model.ts). Output is the PhoneRecording the reader would return for
 * the written ZIP (write-stray-recording.ts) plus the ground truth the recording hides.
 *
 * Input body: metres, y up, facing +z (the canonical frame); it is moved so its soles touch the floor
 * and its trunk stands on the turning axis, and truth.bodyToWorld maps the input coordinates.
 * Output poses: OpenCV-axes camera-to-world in ARKit's world (origin at the first camera centre,
 * y up, the first camera looking along -z horizontally), as the app writes them.
 */
export interface SimulateRecordingOptions {
  mode: RecordingMode;
  /** Everything random (wobble, sway, drift, sensor noise) follows from this seed. */
  seed: number;
  /** Depth frames recorded (default 250). */
  frames?: number;
  /** Recording length (s; default 30 for walk, 20 for turn). */
  durationS?: number;
  /** walk: camera distance from the body axis; turn: tripod distance (m). Default: fit the body. */
  distanceM?: number;
  /** turn: how far the person turns (degrees, default 360); walk: how far round the walker goes (default 370). */
  sweepDeg?: number;
  /** 'cut-at-knees' frames the body from above the knees only (a bad recording). */
  framing?: 'full' | 'cut-at-knees';
  /** No person at all: floor (and wall) only (a bad recording). */
  emptyScene?: boolean;
  /** A wall behind the person (default: true for turn, false for walk). */
  wall?: boolean;
  /**
   * A closed room round the scene (default false): four walls 1.2 m beyond the camera's farthest
   * reach and a 2.6 m ceiling, so every ray hits something, as in a real room.
   */
  room?: boolean;
  /** walk: odometry drift (default true). */
  drift?: boolean;
  /** turn: sway, tilted axis, uneven speed and arm movement (default true; false = rigid turntable). */
  natural?: boolean;
  /** false: ideal depth (no smoothing, noise, flying pixels; confidence 2), for golden tests. */
  sensorNoise?: boolean;
}

export interface BodyMesh {
  /** xyz interleaved (m); float64 meshes (e.g. morphed MakeHuman bodies) are taken as they are. */
  positionsM: Float32Array | Float64Array;
  indices: Uint32Array;
  /**
   * Optional, per vertex: how much it moves with its arm in a turn's arm movement (0..1; e.g. a rig's
   * skin weights of the arm bones summed). Without it the arms are found by position
   * (recording-motion.ts swingArms).
   */
  armWeight?: Float32Array;
}

export interface SimulatedRecording {
  recording: PhoneRecording;
  /** The RGB camera matrix the app would write to camera_matrix.csv (1920 x 1440 image). */
  rgbIntrinsics: DepthIntrinsics;
  truth: {
    /** True camera-to-world poses (the recording's odometry carries drift and jitter on top). */
    cameraToWorld: Float64Array[];
    /** The input mesh's coordinates to world, per frame (constant for walk). */
    bodyToWorld: Float64Array[];
    statureM: number;
  };
}

/** Ceiling height of the optional room (m). */
const ROOM_CEILING_M = 2.6;

/** The depth map intrinsics of the simulated phone: the RGB K scaled as the app's tools do. */
export function simulatedDepthIntrinsics(): DepthIntrinsics {
  const sx = DEPTH_WIDTH / RGB_WIDTH;
  const sy = DEPTH_HEIGHT / RGB_HEIGHT;
  const k = IPHONE_RGB_INTRINSICS;
  return { fx: k.fx * sx, fy: k.fy * sy, cx: k.cx * sx, cy: k.cy * sy };
}

/**
 * The point of a body mesh (its own coordinates, m) on the turning axis at half its stature: the mean
 * x, z of the vertices between 50% and 70% of its height (the trunk, above the hands of an A-pose),
 * the height of its soles plus half its stature; and the stature (m).
 */
export function trunkAxisPoint(positionsM: ArrayLike<number>): { pointM: [number, number, number]; soleM: number; statureM: number } {
  let low = Number.POSITIVE_INFINITY, high = Number.NEGATIVE_INFINITY;
  for (let i = 1; i < positionsM.length; i += 3) {
    if (positionsM[i] < low) low = positionsM[i];
    if (positionsM[i] > high) high = positionsM[i];
  }
  const statureM = high - low;
  let sumX = 0, sumZ = 0, count = 0;
  for (let i = 0; i < positionsM.length; i += 3) {
    const y = positionsM[i + 1] - low;
    if (y < 0.5 * statureM || y > 0.7 * statureM) continue;
    sumX += positionsM[i];
    sumZ += positionsM[i + 2];
    count++;
  }
  return { pointM: [count ? sumX / count : 0, low + 0.5 * statureM, count ? sumZ / count : 0], soleM: low, statureM };
}

/** The translation that puts a body's soles on y = 0 and its trunk axis (trunkAxisPoint) on x = z = 0. */
function centringOf(positionsM: Float32Array | Float64Array): { centring: Float64Array; statureM: number } {
  const { pointM, soleM, statureM } = trunkAxisPoint(positionsM);
  return { centring: translation(-pointM[0], -soleM, -pointM[2]), statureM };
}

/** Scene-to-world: origin at the first camera centre, y up, first horizontal gaze along -z. */
function sceneToWorldOf(firstPose: Float64Array): Float64Array {
  const forward: Vec3 = [firstPose[8], 0, firstPose[10]];
  const length = Math.hypot(forward[0], forward[2]);
  const zWorld: Vec3 = [-forward[0] / length, 0, -forward[2] / length];
  const xWorld: Vec3 = [zWorld[2], 0, -zWorld[0]]; // (0,1,0) x zWorld
  return invertRigid(poseFromAxes(xWorld, [0, 1, 0], zWorld, [firstPose[12], firstPose[13], firstPose[14]]));
}

/** Small random rotation (deg) and translation (m) about a camera centre: per-frame odometry jitter. */
function jitter(gaussian: () => number, centre: Vec3, positionM: number, angleDeg: number): Float64Array {
  const axis: Vec3 = [gaussian(), gaussian(), gaussian()];
  const angle = (angleDeg * gaussian() * Math.PI) / 180;
  const rotation = Math.hypot(axis[0], axis[1], axis[2]) > 1e-9 ? rotationAbout(axis, angle, centre) : translation(0, 0, 0);
  return multiplyPoses(translation(positionM * gaussian(), positionM * gaussian(), positionM * gaussian()), rotation);
}

/** Renders a simulated recording of `body` (see SimulateRecordingOptions for every knob). */
export function simulateRecording(body: BodyMesh, options: SimulateRecordingOptions): SimulatedRecording {
  const frameCount = options.frames ?? 250;
  if (!Number.isInteger(frameCount) || frameCount < 2) throw new Error('simulateRecording: frames must be a whole number >= 2');
  const mode = options.mode;
  const durationS = options.durationS ?? (mode === 'walk' ? 30 : 20);
  const intrinsics = simulatedDepthIntrinsics();
  const width = DEPTH_WIDTH;
  const height = DEPTH_HEIGHT;
  // The body as the scene wants it (soles on the floor, trunk on the axis); truth maps the input mesh.
  const { centring, statureM } = centringOf(body.positionsM);
  const positionsM = transformPoints(centring, body.positionsM);
  const random = makeRandom(options.seed);
  const gaussian = makeGaussian(makeRandom(options.seed ^ 0x5bd1e995));
  const sensorRandom = makeRandom(options.seed ^ 0x27d4eb2f);
  const sensorGaussian = makeGaussian(makeRandom(options.seed ^ 0x165667b1));

  // Portrait: the 256-pixel side is vertical, so the vertical half field of view is atan((width / 2) / fx).
  const tanHalfVertical = (width / 2) / intrinsics.fx;
  const cutAtKnees = options.framing === 'cut-at-knees';
  const eyeHeightM = cutAtKnees ? 0.7 * statureM : statureM / 2;
  const lowestSeenM = cutAtKnees ? 0.28 * statureM : -0.25;
  const fitDistanceM = (eyeHeightM - lowestSeenM) / tanHalfVertical;
  const distanceM = options.distanceM ?? (cutAtKnees ? fitDistanceM : mode === 'walk' ? fitDistanceM : Math.max(2, fitDistanceM + 0.1));
  const target: Vec3 = [0, eyeHeightM, 0];
  const walkPlan: WalkPlan = { radiusM: distanceM, heightM: eyeHeightM + (cutAtKnees ? 0 : 0.1), targetM: target, sweepDeg: options.sweepDeg ?? 370 };
  const turnPlan: TurnPlan = { turnDeg: options.sweepDeg ?? 360, natural: options.natural ?? true, statureM };
  const wobble = walkWobble(random);
  const style = turnStyle(random);
  const tripodPose = multiplyPoses(
    rotationAbout([0, 0, 1], ((random() - 0.5) * 2 * Math.PI) / 180, [0, eyeHeightM, distanceM]),
    walkPose({ ...walkPlan, sweepDeg: 0 }, 0, 0, wobble.map(() => () => 0)),
  );
  const wall = options.wall ?? mode === 'turn';
  const wallOffsetM = mode === 'turn' ? -1.0 : -(distanceM + 1.0);
  const roomHalfM = distanceM + 1.2;

  const sceneToWorld = sceneToWorldOf(mode === 'walk' ? walkPose(walkPlan, 0, 0, wobble) : tripodPose);
  const image = emptyDepthImage(width, height);
  const scratch = new Float32Array(positionsM.length);
  const moved = new Float32Array(positionsM.length);
  const armed = new Float32Array(positionsM.length);
  const sensorScratch = makeSensorScratch(width, height);
  const frames: DepthFrame[] = [];
  const trueCameraToWorld: Float64Array[] = [];
  const bodyToWorld: Float64Array[] = [];
  const drift = mode === 'walk' && (options.drift ?? true);
  let driftX = 0, driftY = 0, driftZ = 0, driftYawRad = 0;
  let previousCentre: Vec3 | null = null;

  for (let f = 0; f < frameCount; f++) {
    const fraction = f / (frameCount - 1);
    const timeS = fraction * durationS;
    let cameraToScene: Float64Array;
    let bodyToScene: Float64Array;
    let vertices = positionsM;
    if (mode === 'walk') {
      cameraToScene = walkPose(walkPlan, fraction, timeS, wobble);
      bodyToScene = translation(0, 0, 0);
    } else {
      cameraToScene = tripodPose;
      const state = turnState(turnPlan, style, fraction, timeS);
      bodyToScene = state.bodyToScene;
      if (state.armSwingRad !== 0) {
        swingArms(positionsM, statureM, state.armSwingRad, armed, body.armWeight ?? null);
        vertices = armed;
      }
      vertices = transformPoints(bodyToScene, vertices, moved);
    }
    const worldToCamera = invertRigid(cameraToScene);
    const view: DepthView = { width, height, intrinsics, worldToCamera };
    image.depthM.fill(0);
    if (!options.emptyScene) rasteriseMesh(image, view, vertices, body.indices, scratch);
    rasterisePlane(image, view, cameraToScene, [0, 1, 0], 0, 8);
    if (wall) rasterisePlane(image, view, cameraToScene, [0, 0, 1], wallOffsetM, 8);
    if (options.room) {
      // Inside a convex room the nearest plane along a ray is the room's own surface.
      rasterisePlane(image, view, cameraToScene, [1, 0, 0], roomHalfM, 8);
      rasterisePlane(image, view, cameraToScene, [1, 0, 0], -roomHalfM, 8);
      rasterisePlane(image, view, cameraToScene, [0, 0, 1], roomHalfM, 8);
      if (!wall) rasterisePlane(image, view, cameraToScene, [0, 0, 1], -roomHalfM, 8);
      rasterisePlane(image, view, cameraToScene, [0, 1, 0], ROOM_CEILING_M, 8);
    }

    const depthMm = new Uint16Array(width * height);
    const confidence = new Uint8Array(width * height);
    if (options.sensorNoise === false) {
      for (let i = 0; i < depthMm.length; i++) {
        depthMm[i] = Math.min(65535, Math.round(image.depthM[i] * 1000));
        confidence[i] = depthMm[i] > 0 ? 2 : 0;
      }
    } else {
      applyLidarSensorModel(image.depthM, width, height, intrinsics, sensorRandom, sensorGaussian, sensorScratch, { depthMm, confidence });
    }

    const trueWorld = multiplyPoses(sceneToWorld, cameraToScene);
    const centre: Vec3 = [trueWorld[12], trueWorld[13], trueWorld[14]];
    let recorded = trueWorld;
    if (drift) {
      if (previousCentre !== null) {
        const stepM = Math.hypot(centre[0] - previousCentre[0], centre[1] - previousCentre[1], centre[2] - previousCentre[2]);
        const root = Math.sqrt(stepM);
        driftX += DRIFT_POSITION_M_PER_SQRT_M * root * gaussian();
        driftY += DRIFT_POSITION_M_PER_SQRT_M * root * gaussian();
        driftZ += DRIFT_POSITION_M_PER_SQRT_M * root * gaussian();
        driftYawRad += ((DRIFT_YAW_DEG_PER_SQRT_M * Math.PI) / 180) * root * gaussian();
      }
      const wander = multiplyPoses(translation(driftX, driftY, driftZ), rotationAbout([0, 1, 0], driftYawRad, centre));
      recorded = multiplyPoses(wander, recorded);
    }
    recorded = multiplyPoses(jitter(gaussian, centre, POSE_JITTER_M, POSE_JITTER_DEG), recorded);
    previousCentre = centre;

    frames.push({ frame: f, timestampS: 1000 + timeS, depthMm, confidence, cameraToWorld: recorded, intrinsics: { ...intrinsics } });
    trueCameraToWorld.push(trueWorld);
    bodyToWorld.push(multiplyPoses(sceneToWorld, multiplyPoses(bodyToScene, centring)));
  }
  const k = IPHONE_RGB_INTRINSICS;
  return {
    recording: { width, height, frames, variant: { source: 'simulator', mode, depth: 'png', odometry: 'header' } },
    rgbIntrinsics: { fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy },
    truth: { cameraToWorld: trueCameraToWorld, bodyToWorld, statureM },
  };
}
