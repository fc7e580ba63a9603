// The MakeHuman evaluation bodies the recording scripts simulate, one at a time: each preset's mesh
// (extractBodyMesh, as the accuracy sets build it) and the same as the simulator's input, with each
// vertex's arm weight from MakeHuman's default rig (the skin weights of the arm bones summed), so a
// turn's arm movement moves the arms and not a heavy body's flanks (recording-motion.ts swingArms).
import { resolve } from 'node:path';
import { BODY_PRESETS, type BodyPreset } from '../eval-accuracy/body-presets.ts';
import { extractBodyMesh, type BodyMesh } from '../eval-accuracy/body-mesh.ts';
import { createTargetReader, readMakeHumanBase } from '../eval-accuracy/load-makehuman.ts';
import { applyTargets, macroTargetWeights } from '../eval-accuracy/macro-targets.ts';
import { isArmBone, readMakeHumanRig } from '../eval-accuracy/makehuman-rig.ts';

/** Where the data lives beside a clone of the repository (the scripts' --makehuman default). */
export const DEFAULT_MAKEHUMAN_DIR = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data', 'makehuman');

export interface EvaluationBody {
  /** Position in BODY_PRESETS (the scripts' seeds count from it). */
  index: number;
  preset: BodyPreset;
  mesh: BodyMesh;
  /** The mesh as the recording simulator takes it (m). */
  body: { positionsM: Float32Array; indices: Uint32Array; armWeight: Float32Array };
}

/** BODY_PRESETS[first .. first + count − 1], each built when it is reached (a MakeHuman body is ~14k vertices of targets applied). */
export function* evaluationBodies(makehumanDir: string, first: number, count: number): Generator<EvaluationBody> {
  const base = readMakeHumanBase(makehumanDir);
  const readTarget = createTargetReader(makehumanDir);
  const rig = readMakeHumanRig(makehumanDir, base.positionsDm.length / 3);
  const armBone = rig.bones.map((bone) => isArmBone(bone.name));
  // Per base.obj vertex: the share of its skin weight on arm bones.
  const armShare = new Float32Array(rig.offsets.length - 1);
  for (let v = 0; v < armShare.length; v++) {
    for (let k = rig.offsets[v]; k < rig.offsets[v + 1]; k++) if (armBone[rig.influenceBone[k]]) armShare[v] += rig.influenceWeight[k];
  }
  for (let index = first; index < Math.min(BODY_PRESETS.length, first + count); index++) {
    const preset = BODY_PRESETS[index];
    const mesh = extractBodyMesh(base, applyTargets(base, macroTargetWeights(preset.settings), readTarget));
    const armWeight = Float32Array.from(base.bodyVertexGlobal, (g) => armShare[g]);
    yield { index, preset, mesh, body: { positionsM: Float32Array.from(mesh.positionsM), indices: mesh.triangles, armWeight } };
  }
}
