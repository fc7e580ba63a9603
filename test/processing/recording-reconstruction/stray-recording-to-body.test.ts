import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { meshVolume } from '../../../src/processing/geometry/mesh-volume.ts';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import { reconstructRecording } from '../../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import { simulateRecording } from '../../../src/processing/recording-simulator/simulate-recording.ts';
import { writeStrayRecording } from '../../../src/processing/recording-simulator/write-stray-recording.ts';
import { generateSyntheticBody } from '../../../src/processing/synthetic-body/generate.ts';

// The whole path of a phone upload: a Stray Scanner ZIP (written by the simulator with its LiDAR
// sensor model and odometry drift), read by readCapture, reconstructed, measured.
const body = generateSyntheticBody({ sex: 'male', heightM: 1.78, weightKg: 80, seed: 2 });
const mesh = { positionsM: body.mesh.positions, indices: body.mesh.indices };

for (const mode of ['walk', 'turn'] as const) {
  describe(`a ${mode} recording uploaded as a Stray Scanner ZIP`, () => {
    it('is reconstructed into a closed body whose volume and waist are within 8 % and 4 % of the synthetic truth', () => {
      // 150 frames over the default 30 s walk / 20 s turn (2.4 degrees of turn per frame).
      const simulated = simulateRecording(mesh, { mode, seed: 21, frames: 150 });
      const zip = writeStrayRecording(simulated.recording, { odometry: mode === 'walk' ? 'header+intrinsics' : 'headerless', depthFormat: mode === 'walk' ? 'png' : 'npy' });
      const read = readCapture(zip);
      assert.ok(read.recording, `read as ${read.format}`);
      const { geometry, diagnostics } = reconstructRecording(read.recording);
      assert.equal(diagnostics.recordingMode, mode);
      if (mode === 'turn') assert.ok(Number(diagnostics.turnDeg) > 340, `turn ${diagnostics.turnDeg} deg`);
      assert.ok(meshVolume(geometry.positions, geometry.indices!).closed);
      const result = measureBody(geometry, { unit: 'm', upAxis: '+y' }, {});
      const volumeError = result.measurements.fullBodyVolume / body.truth.volumeM3 - 1;
      assert.ok(Math.abs(volumeError) < 0.08, `volume ${(100 * volumeError).toFixed(1)} %`);
      const waistError = result.measurements.waistFit / body.truth.girthsM.waistFit - 1;
      assert.ok(Math.abs(waistError) < 0.04, `waist ${(1000 * result.measurements.waistFit).toFixed(0)} mm vs ${(1000 * body.truth.girthsM.waistFit).toFixed(0)} mm`);
    });
  });
}
