import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { sandboxRecording, SANDBOX_RECORDING_FRAMES } from '../../../src/processing/recording-simulator/sandbox-recording.ts';
import { assertCaptureFailure, text } from '../../support/capture-assertions.ts';

const descriptor = { sandbox: true, sex: 'female', heightM: 1.62, weightKg: 58, seed: 12 };

describe('sandbox descriptor asking for a phone recording', () => {
  it('accepts "recording": "walk" or "turn" and keeps it on the descriptor', () => {
    for (const recording of ['walk', 'turn'] as const) {
      assert.deepEqual(readCapture(text(JSON.stringify({ ...descriptor, recording }))).sandboxDescriptor, { sex: 'female', heightM: 1.62, weightKg: 58, seed: 12, recording });
    }
    assert.equal(readCapture(text(JSON.stringify(descriptor))).sandboxDescriptor?.recording, undefined);
  });

  it('refuses any other recording kind with a sentence naming the field', () => {
    assertCaptureFailure(() => readCapture(text(JSON.stringify({ ...descriptor, recording: 'spin' }))), 'capture_malformed', /field recording must be "walk" or "turn" when given; got "spin"/);
  });

  it('renders the descriptor\'s synthetic body as a turning recording of 250 frames', () => {
    const recording = sandboxRecording({ sex: 'female', heightM: 1.62, weightKg: 58, seed: 12, recording: 'turn' });
    assert.equal(recording.frames.length, SANDBOX_RECORDING_FRAMES);
    assert.equal(recording.variant.mode, 'turn');
    const first = recording.frames[0].cameraToWorld;
    const last = recording.frames[SANDBOX_RECORDING_FRAMES - 1].cameraToWorld;
    assert.ok(Math.hypot(first[12] - last[12], first[13] - last[13], first[14] - last[14]) < 0.01, 'the phone stands still');
  });
});
