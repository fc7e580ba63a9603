/**
 * The body surface of a capture that is a phone recording: an uploaded recording, or a sandbox
 * descriptor asking for one (rendered by the recording simulator from the descriptor's synthetic
 * body), reconstructed into one closed surface (reconstruct-recording.ts). The surface comes back in
 * metres, y up, floor at y = 0, ready for measuring; the reconstruction's diagnostics are prefixed
 * with `recording.`. Null for any other capture (its geometry is measured as read).
 */
import type { ReadCapture } from '../../domain/body-scan-result.ts';
import type { CaptureGeometry, CaptureHints } from '../../domain/capture-geometry.ts';
import { sandboxRecording } from '../recording-simulator/sandbox-recording.ts';
import { DEFAULT_RECONSTRUCTION, reconstructRecording, type RecordingMode } from './reconstruct-recording.ts';

export interface ReconstructedCapture {
  geometry: CaptureGeometry;
  hints: CaptureHints;
  diagnostics: Record<string, number | string | boolean>;
}

/**
 * What measuring is told about a reconstructed surface: metres, y up, that its floor is gone (the
 * reconstruction cut it and stood the body on y = 0: measuring looks for none), that its closed surface
 * bridges gaps under two of its cells (reconstruction-options.ts, meshVoxelM), that the tops of
 * the shoulders were never seen (a phone held below them; caps close them), and which parts of it
 * are made up for the volume: the surface facing up more than 30° from vertical (the caps over the
 * shoulders and the crown) and the feet below 8 cm (the sensor's 4 x 4 smoothing blends their lowest
 * centimetres with the floor; ankles are higher). Measured on simulated turns (docs/recording-reconstruction.md,
 * "A recording's volume from the fitted model"): the volume repeats within 0.15–0.2 % instead of 1.1–1.5 %.
 */
const RECONSTRUCTED_SURFACE_HINTS: Readonly<CaptureHints> = {
  unit: 'm', upAxis: '+y', floorRemoved: true, bridgedGapM: 2 * DEFAULT_RECONSTRUCTION.meshVoxelM, topsUnseen: true,
  unseenSurface: { upFacingNormalY: 0.5, feetBelowM: 0.08 },
};

/**
 * The hints for a reconstruction of a recording made in `mode`: a turn's arms swing while the
 * person turns, so its fused arms are blurred (CaptureHints.armsMoved), and its fused thighs scatter
 * between recordings (CaptureHints.thighsScattered), as its whole fused surface does from plane to
 * plane (CaptureHints.surfaceScattered); a walk's person stands still and is seen from
 * poses the phone measured, but one cut of its fused chest near the bust still scatters between
 * walks (CaptureHints.chestScattered; a turn's chest is within surfaceScattered's girths).
 */
export function reconstructedSurfaceHints(mode: RecordingMode): CaptureHints {
  return { ...RECONSTRUCTED_SURFACE_HINTS, armsMoved: mode === 'turn', thighsScattered: mode === 'turn', surfaceScattered: mode === 'turn', chestScattered: true };
}

export function reconstructedCapture(capture: ReadCapture): ReconstructedCapture | null {
  const recording = capture.recording ?? (capture.sandboxDescriptor?.recording ? sandboxRecording(capture.sandboxDescriptor) : null);
  if (!recording) return null;
  const reconstruction = reconstructRecording(recording);
  const diagnostics: Record<string, number | string | boolean> = { 'recording.frames': recording.frames.length };
  for (const [key, value] of Object.entries(reconstruction.diagnostics)) diagnostics[`recording.${key}`] = value;
  for (const [key, value] of Object.entries(recording.variant)) diagnostics[`recording.variant.${key}`] = value;
  return { geometry: reconstruction.geometry, hints: reconstructedSurfaceHints(reconstruction.mode), diagnostics };
}
