/**
 * Public entry points of the synthetic body generator.
 * makeSyntheticBody({sex, heightM, fatness, seed}): mesh + truth; the seed perturbs proportions
 *   slightly (±3% per section scale) so bodies of one sex are not all alike.
 * generateSyntheticBody({sex, heightM, weightKg, seed}): the sandbox capture: solves for the
 *   fatness whose volume gives the weight at a whole-body density of 985 kg/m³ (tissue ~1.03–1.06
 *   g/cm³ minus lung gas; a documented convenience, not a physiological model).
 * sampleSyntheticCloud(body, options): a noisy scanner-like point cloud of the body.
 */
import type { CaptureGeometry } from '../../domain/capture-geometry.ts';
import { makeRandom } from '../geometry/prng.ts';
import type { BodyModel } from './body-model.ts';
import { buildBodyModel } from './body-model.ts';
import type { BodyShape, Keyframe, SyntheticSex } from './body-shape.ts';
import { bodyShape } from './body-shape.ts';
import type { CloudOptions } from './sample-cloud.ts';
import { sampleCloud } from './sample-cloud.ts';
import type { SyntheticTruth } from './truth.ts';
import { computeTruth } from './truth.ts';
import { tubeVolume } from './tube.ts';
import type { TriangleMesh } from './tube-mesh.ts';
import { meshTubes } from './tube-mesh.ts';

export interface SyntheticBodyParams {
  sex: SyntheticSex;
  heightM: number;
  /** 0 lean, 0.5 average, 1 obese. */
  fatness: number;
  seed: number;
  /** Arm abduction from vertical (degrees); default 40 (A-pose). */
  armAngleDeg?: number;
  /** Test fixture for the failure path: arms pressed 1 cm into the torso instead of clearing it. */
  armsTouchTorso?: boolean;
}

export interface SyntheticBody {
  params: SyntheticBodyParams;
  model: BodyModel;
  mesh: TriangleMesh;
  truth: SyntheticTruth;
  /** The mesh as a capture (canonical frame, metres). */
  geometry: CaptureGeometry;
}

export const SYNTHETIC_BODY_DENSITY_KG_M3 = 985;

/** Seeded ±3% jitter of each keyframe's section size, keeping keyframe order and plateaus. */
function jitterShape(shape: BodyShape, seed: number): BodyShape {
  const random = makeRandom(seed);
  const jitter = (keys: Keyframe[]): Keyframe[] => {
    const scale = 1 + (random() - 0.5) * 0.06;
    return keys.map(([p, a, b, off]) => {
      const local = 1 + (random() - 0.5) * 0.02;
      return [p, a * scale * local, b * scale * local, off];
    });
  };
  return { ...shape, torso: jitter(shape.torso), leg: jitter(shape.leg), arm: jitter(shape.arm) };
}

function modelFor(params: SyntheticBodyParams): BodyModel {
  const shape = jitterShape(bodyShape(params.sex, params.heightM, params.fatness), params.seed);
  if (params.armAngleDeg !== undefined) shape.armAngleRad = (params.armAngleDeg * Math.PI) / 180;
  return buildBodyModel(shape, params.armsTouchTorso ? -0.01 : 0.003);
}

/** Mesh resolution: 128 vertices around the torso, 64 around limbs and feet, rings every 5 mm. */
export function makeSyntheticBody(params: SyntheticBodyParams): SyntheticBody {
  const model = modelFor(params);
  const mesh = meshTubes(model.all, (tube) => (tube.name === 'torso' ? 128 : 64), 0.005);
  return {
    params,
    model,
    mesh,
    truth: computeTruth(model),
    geometry: { positions: mesh.positions, indices: mesh.indices, colors: null, normals: null },
  };
}

/** Fatness (unitless) whose analytic volume times 985 kg/m³ equals weightKg, by bisection. */
export function fatnessForWeight(sex: SyntheticSex, heightM: number, weightKg: number, seed: number): number {
  const massAt = (f: number) =>
    SYNTHETIC_BODY_DENSITY_KG_M3 * modelFor({ sex, heightM, fatness: f, seed }).all.reduce((s, t) => s + tubeVolume(t), 0);
  let lo = -0.4, hi = 2.0;
  if (weightKg <= massAt(lo)) return lo;
  if (weightKg >= massAt(hi)) return hi;
  for (let i = 0; i < 40; i++) {
    const mid = 0.5 * (lo + hi);
    if (massAt(mid) < weightKg) lo = mid; else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/** Sandbox capture: a body of the given sex and height whose volume matches the weight. */
export function generateSyntheticBody(input: { sex: SyntheticSex; heightM: number; weightKg: number; seed: number }): SyntheticBody {
  const fatness = fatnessForWeight(input.sex, input.heightM, input.weightKg, input.seed);
  return makeSyntheticBody({ sex: input.sex, heightM: input.heightM, fatness, seed: input.seed });
}

/** A scanner-like point cloud of the body (see sample-cloud.ts). */
export function sampleSyntheticCloud(body: SyntheticBody, options: CloudOptions): CaptureGeometry {
  const hiddenPlanesY = options.hiddenPlanesY ?? [body.model.shape.crotchYM];
  return { positions: sampleCloud(body.mesh, { ...options, hiddenPlanesY }), indices: null, colors: null, normals: null };
}
