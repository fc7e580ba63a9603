import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { simulateRecording } from '../../src/processing/recording-simulator/simulate-recording.ts';
import { writeStrayRecording } from '../../src/processing/recording-simulator/write-stray-recording.ts';
import { defaultScanPipeline, type MeasureStep } from '../../src/services/default-scan-pipeline.ts';
import { measureModelBody, modelParams } from '../support/model-measurement.ts';

// A short walk around a body the posable model made, as a Stray Scanner ZIP, through the default
// pipeline's stages as a scan job runs them.
const body = measureModelBody(modelParams(undefined, { 0: 0.6, 1: -0.3, 2: 0.2 }, 0.2));
const zip = writeStrayRecording(simulateRecording({ positionsM: body.result.canonical.positions, indices: body.model.triangles }, { mode: 'walk', seed: 5, frames: 60 }).recording);

describe('the default pipeline on a phone recording', () => {
  it('reconstructs, fits the body model once while measuring, and the fit stage keeps that fit', () => {
    const steps: MeasureStep[] = [];
    const pipeline = defaultScanPipeline({ onMeasureStep: (step) => steps.push(step) });
    const measured = pipeline.measure(pipeline.read(zip), {});
    assert.deepEqual(steps, ['reconstruct', 'measure', 'fit', 'measure']);
    assert.equal(measured.diagnostics['recording.frames'], 60);
    const fitted = pipeline.fit(measured);
    // The record carries the measuring fit's residual (a second fit, to the reconstructed mesh's
    // vertices, would have its own).
    assert.equal(Math.round(fitted.record.residualRmsMm * 100) / 100, measured.diagnostics.fitResidualRmsMm);
  });
});
