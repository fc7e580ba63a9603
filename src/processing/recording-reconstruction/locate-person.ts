/**
 * Step 2 of a recording's reconstruction (reconstruct-recording.ts): the floor and the person's region,
 * found on the world points of a sample of frames (floor-detection.ts, person-segmentation.ts), or a
 * ProcessingFailure saying why a recording shows no standing person with feet on the floor.
 * Frame: world (m), as the recording's poses give it.
 */
import type { PhoneRecording } from '../../domain/phone-recording.ts';
import { ProcessingFailure } from '../../domain/processing-failure.ts';
import { filterDepth, pixelToWorld, type DepthFilterOptions } from './depth-filter.ts';
import { DEFAULT_FLOOR, detectFloor, type FloorPlane } from './floor-detection.ts';
import { segmentPerson, type PersonRegion } from './person-segmentation.ts';

/** Frames sampled for floor and person detection, and the pixel stride they are read at. */
const SEGMENTATION_FRAMES = 32;
const SEGMENTATION_STRIDE = 3;
/** A person is at least this tall above the floor (m); below it, what is in view is not a standing person. */
const MIN_PERSON_HEIGHT_M = 0.9;
/** Feet count as on the floor when the lowest part of the person is within this of it (m). */
const MAX_FEET_GAP_M = 0.12;

/**
 * The floor and the person's region of a recording (step 2), or a ProcessingFailure saying why not:
 * no readings or nobody person-sized in view (no_person_found), no floor or no feet on it
 * (recording_person_cut_off). depthM and weight are per-pixel scratch of the map size.
 */
export function locatePerson(recording: PhoneRecording, filter: DepthFilterOptions, depthM: Float32Array, weight: Float32Array): { floor: FloorPlane; region: PersonRegion } {
  const { frames } = recording;
  const sample = sampleWorldPoints(recording, filter, depthM, weight);
  if (sample.count < 500) throw new ProcessingFailure('no_person_found', 'The recording holds almost no depth readings: nothing was in range of the depth sensor.');
  const floor = detectFloor(sample.points, Math.min(sample.count, 40000), DEFAULT_FLOOR);
  if (!floor) throw new ProcessingFailure('recording_person_cut_off', 'No floor is in view: record the whole person from head to feet, standing on the floor.');
  let camX = 0, camZ = 0;
  for (const f of frames) { camX += f.cameraToWorld[12]; camZ += f.cameraToWorld[14]; }
  const region = segmentPerson(sample.points, sample.count, sample.central, floor, [camX / frames.length, camZ / frames.length]);
  if (!region || region.topM < MIN_PERSON_HEIGHT_M) {
    throw new ProcessingFailure('no_person_found', region
      ? `Nobody is in view: the object in the middle of the picture is only ${(region.topM * 100).toFixed(0)} cm tall.`
      : 'Nobody is in view: nothing stands on the floor in the middle of the picture.');
  }
  if (region.bottomM > MAX_FEET_GAP_M) {
    throw new ProcessingFailure('recording_person_cut_off', `The person's feet are not in view (the lowest part seen is ${(region.bottomM * 100).toFixed(0)} cm above the floor); record the whole body down to the floor.`);
  }
  return { floor, region };
}

/** World points of a sample of frames, and how near its image's centre each was seen (0..255). */
function sampleWorldPoints(recording: PhoneRecording, filter: DepthFilterOptions, depthM: Float32Array, weight: Float32Array): { points: Float32Array; central: Uint8Array; count: number } {
  const { width, height, frames } = recording;
  const every = Math.max(1, Math.floor(frames.length / SEGMENTATION_FRAMES));
  const perFrame = Math.ceil(width / SEGMENTATION_STRIDE) * Math.ceil(height / SEGMENTATION_STRIDE);
  const used = Math.ceil(frames.length / every);
  const points = new Float32Array(3 * perFrame * used);
  const central = new Uint8Array(perFrame * used);
  // Shuffle-free spread: RANSAC takes the first 40k, so interleave frames by writing every frame's points in turn.
  let count = 0;
  for (let t = 0; t < frames.length; t += every) {
    const f = frames[t];
    filterDepth(f, width, height, filter, depthM, weight);
    for (let v = 0; v < height; v += SEGMENTATION_STRIDE) {
      for (let u = 0; u < width; u += SEGMENTATION_STRIDE) {
        const z = depthM[v * width + u];
        if (z === 0) continue;
        pixelToWorld(u, v, z, f.intrinsics, f.cameraToWorld, points, 3 * count);
        // Weight falling linearly from 255 at the image centre to 0 at the inscribed ellipse's edge.
        const r = Math.hypot((u - width / 2) / (width / 2), (v - height / 2) / (height / 2));
        central[count] = r < 1 ? Math.round(255 * (1 - r)) : 0;
        count++;
      }
    }
  }
  // A spread subset for RANSAC: swap a deterministic stride of points to the front.
  const take = Math.min(count, 40000);
  const stride = count / take;
  for (let i = 0; i < take; i++) {
    const j = Math.floor(i * stride);
    for (let c = 0; c < 3; c++) { const s = points[3 * i + c]; points[3 * i + c] = points[3 * j + c]; points[3 * j + c] = s; }
    const s = central[i]; central[i] = central[j]; central[j] = s;
  }
  return { points, central, count };
}
