import type { SandboxDescriptor } from '../../domain/body-scan-result.ts';
import type { PhoneRecording } from '../../domain/phone-recording.ts';
import { generateSyntheticBody } from '../synthetic-body/generate.ts';
import { simulateRecording } from './simulate-recording.ts';

/** Frames of a sandbox recording: the length the recording benchmark uses (250). */
export const SANDBOX_RECORDING_FRAMES = 250;

/**
 * A sandbox descriptor with `recording: 'walk' | 'turn'` as the phone recording a partner's app
 * would upload: the descriptor's synthetic body (sex, height, weight, seed) rendered by the
 * recording simulator, seeded by the descriptor's seed, so the same descriptor always yields the
 * same recording. Throws when the descriptor asks for no recording.
 */
export function sandboxRecording(descriptor: SandboxDescriptor): PhoneRecording {
  if (descriptor.recording === undefined) throw new Error('sandboxRecording: the descriptor asks for no recording');
  const body = generateSyntheticBody(descriptor);
  const positionsM = body.geometry.positions;
  const indices = body.geometry.indices;
  if (indices === null) throw new Error('sandboxRecording: the synthetic body has no triangles');
  return simulateRecording({ positionsM, indices }, { mode: descriptor.recording, seed: descriptor.seed, frames: SANDBOX_RECORDING_FRAMES }).recording;
}
