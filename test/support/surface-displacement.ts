// A body made by the posable body model (a woman, arms lowered 0.15 rad) as a capture mesh, and the
// same mesh with some body parts' surface moved along its normals: what a fusion's blur of a
// moving or loosely registered limb does to a capture, for the tests of measuring on the fitted
// model instead (model-arm-girths.test.ts, model-thigh-girths.test.ts, model-offset-girths.test.ts).
import type { BodyMeasurementResult } from '../../src/domain/body-scan-result.ts';
import type { CaptureGeometry, CaptureHints } from '../../src/domain/capture-geometry.ts';
import { measureBody } from '../../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../../src/processing/measure/model-fitter.ts';
import { BODY_PARTS, type BodyPart } from '../../src/processing/body-model/posable-model-types.ts';
import { vertexNormals } from '../../src/processing/body-model/fit-kinematics.ts';
import { measureModelBody, modelParams } from './model-measurement.ts';

export interface DisplaceableBody {
  /** The body as a capture (canonical frame, m). */
  mesh: CaptureGeometry;
  /**
   * A copy whose vertices on `parts` moved along their unit normals by displacementM(nx, ny, nz, yM)
   * (m, outward positive; yM the vertex's height, m), every other vertex where it was.
   */
  displaced(parts: readonly BodyPart[], displacementM: (nx: number, ny: number, nz: number, yM: number) => number): CaptureGeometry;
}

export function displaceableModelBody(): DisplaceableBody {
  const body = measureModelBody(modelParams(undefined, { 0: 0.6, 1: -0.3 }, 0.15));
  const positions = body.result.canonical.positions;
  const triangles = body.model.triangles;
  const normals = new Float32Array(positions.length);
  vertexNormals(positions, triangles, normals);
  const mesh = (p: Float32Array): CaptureGeometry => ({ positions: p, indices: triangles, colors: null, normals: null });
  return {
    mesh: mesh(positions),
    displaced(parts, displacementM) {
      const moved = new Set(parts.map((p) => BODY_PARTS.indexOf(p)));
      const out = Float32Array.from(positions);
      for (let v = 0; v < body.model.vertexCount; v++) {
        if (!moved.has(body.model.vertexPart[v])) continue;
        const d = displacementM(normals[3 * v], normals[3 * v + 1], normals[3 * v + 2], positions[3 * v + 1]);
        for (let k = 0; k < 3; k++) out[3 * v + k] += d * normals[3 * v + k];
      }
      return mesh(out);
    },
  };
}

/** A displacement as DisplaceableBody.displaced takes it (m, outward positive). */
export type Displacement = (nx: number, ny: number, nz: number, yM: number) => number;

/** The displaceable body as measured, and each displaced copy measured twice: as any capture, and as a scattered one. */
export interface ScatteredCaptures {
  truth: BodyMeasurementResult;
  asCaptured: BodyMeasurementResult[];
  scattered: BodyMeasurementResult[];
}

/**
 * Measures displaceableModelBody() with the posable model fitter (truth), then, for each of
 * `displacements` (given the truth, so that a blur can sit at a measured site), its copy with
 * `parts` displaced: without hints (asCaptured) and with `hints` (scattered; by default
 * CaptureHints.surfaceScattered).
 */
export function measureScatteredCaptures(
  parts: readonly BodyPart[], displacements: readonly ((truth: BodyMeasurementResult) => Displacement)[], hints: CaptureHints = { surfaceScattered: true },
): ScatteredCaptures {
  const body = displaceableModelBody();
  const fitter = posableModelFitter({});
  const truth = measureBody(body.mesh, {}, {}, { fitter });
  const asCaptured: BodyMeasurementResult[] = [], scattered: BodyMeasurementResult[] = [];
  for (const displacement of displacements) {
    const displaced = body.displaced(parts, displacement(truth));
    asCaptured.push(measureBody(displaced, {}, {}, { fitter }));
    scattered.push(measureBody(displaced, hints, {}, { fitter }));
  }
  return { truth, asCaptured, scattered };
}

/**
 * Two recordings' ripples, for the offset rules' tests: the surface moved out by
 * 2 mm·sin(2π·y/4 cm + phase), phases a quarter period apart, a blur that comes and goes with height.
 * At a 4 cm wavelength five planes 1 cm apart average it to a fifth.
 */
export function twoRipples(): ((truth: BodyMeasurementResult) => Displacement)[] {
  const amplitudeM = 0.002, wavelengthM = 0.04;
  return [0, Math.PI / 2].map((phaseRad) => () => (_nx: number, _ny: number, _nz: number, yM: number) => amplitudeM * Math.sin((2 * Math.PI * yM) / wavelengthM + phaseRad));
}
