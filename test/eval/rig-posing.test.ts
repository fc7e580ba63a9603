// Checks the evaluation's own posing (linear blend skinning with a MakeHuman-style rig) and the
// arm-body gap it uses to place arms against the torso, on small synthetic rigs and meshes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { axisAngleMatrix, boneTransforms, poseBody } from '../../scripts/eval-accuracy/skin-pose.ts';
import type { MakeHumanRig } from '../../scripts/eval-accuracy/makehuman-rig.ts';
import { isArmBone } from '../../scripts/eval-accuracy/makehuman-rig.ts';
import { signedLoopGap } from '../../scripts/eval-accuracy/arm-contact.ts';
import { slicePlane } from '../../src/processing/evaluation/plane-slice.ts';
import { polygonArea } from '../../src/processing/evaluation/plane-polygon.ts';

/**
 * A chain of two bones along +x: `upper` from vertex 0 (0,0,0) to vertex 1 (1,0,0), `lower` from
 * vertex 1 to vertex 2 (2,0,0). Vertices 3..5 are skin: (0.5,0,0) all upper, (2,0,0.1) all lower,
 * (1,0.1,0) half and half.
 */
function chainRig(): { rig: MakeHumanRig; rest: Float64Array } {
  const rest = Float64Array.from([0, 0, 0, 1, 0, 0, 2, 0, 0, 0.5, 0, 0, 2, 0, 0.1, 1, 0.1, 0]);
  const influences: [number, number][][] = [[[0, 1]], [[1, 1]], [[1, 1]], [[0, 1]], [[1, 1]], [[0, 0.5], [1, 0.5]]];
  const offsets = new Uint32Array(influences.length + 1);
  influences.forEach((list, v) => { offsets[v + 1] = offsets[v] + list.length; });
  return {
    rest,
    rig: {
      bones: [
        { name: 'upperarm01.L', parent: -1, headVertices: Uint32Array.of(0), tailVertices: Uint32Array.of(1) },
        { name: 'lowerarm01.L', parent: 0, headVertices: Uint32Array.of(1), tailVertices: Uint32Array.of(2) },
      ],
      boneIndex: new Map([['upperarm01.L', 0], ['lowerarm01.L', 1]]),
      offsets,
      influenceBone: Uint16Array.from(influences.flat().map(([b]) => b)),
      influenceWeight: Float32Array.from(influences.flat().map(([, w]) => w)),
      dominantBone: Uint16Array.from(influences.map((list) => list[list.length - 1][0])),
    },
  };
}

const near = (actual: ArrayLike<number>, expected: number[], what: string): void => {
  for (let i = 0; i < expected.length; i++) assert.ok(Math.abs(actual[i] - expected[i]) < 1e-12, `${what}[${i}] = ${actual[i]}, expected ${expected[i]}`);
};
const at = (p: Float64Array, v: number): number[] => [p[3 * v], p[3 * v + 1], p[3 * v + 2]];

describe('linear blend skinning', () => {
  it('rotates a child bone about its own head joint and leaves the parent alone', () => {
    const { rig, rest } = chainRig();
    const posed = poseBody(rig, rest, [{ bone: 'lowerarm01.L', axis: [0, 0, 1], angleRad: Math.PI / 2 }]);
    near(at(posed, 2), [1, 1, 0], 'tail of the lower bone');
    near(at(posed, 4), [1, 1, 0.1], 'skin on the lower bone');
    near(at(posed, 3), [0.5, 0, 0], 'skin on the upper bone');
  });

  it('carries children with their parent (a shoulder swing moves the whole arm)', () => {
    const { rig, rest } = chainRig();
    const posed = poseBody(rig, rest, [{ bone: 'upperarm01.L', axis: [0, 0, 1], angleRad: -Math.PI / 2 }]);
    near(at(posed, 1), [0, -1, 0], 'elbow');
    near(at(posed, 2), [0, -2, 0], 'wrist');
    near(at(posed, 4), [0, -2, 0.1], 'forearm skin');
  });

  it('blends a vertex weighted half and half between the two bones', () => {
    const { rig, rest } = chainRig();
    const posed = poseBody(rig, rest, [{ bone: 'lowerarm01.L', axis: [0, 0, 1], angleRad: Math.PI / 2 }]);
    // upper bone keeps (1, 0.1, 0); lower bone turns it to (0.9, 0, 0) about (1,0,0).
    near(at(posed, 5), [0.95, 0.05, 0], 'blended vertex');
  });

  it('applies several rotations of one bone in the order given', () => {
    const { rig, rest } = chainRig();
    const zThenX = boneTransforms(rig, rest, [
      { bone: 'lowerarm01.L', axis: [0, 0, 1], angleRad: Math.PI / 2 },
      { bone: 'lowerarm01.L', axis: [1, 0, 0], angleRad: Math.PI / 2 },
    ]);
    // (1,0,0) from the elbow: z turn -> (0,1,0), then x turn -> (0,0,1); the tail lands at (1,0,1).
    const m = Array.from(zThenX.subarray(12, 24));
    near([m[0] * 2 + m[3], m[4] * 2 + m[7], m[8] * 2 + m[11]], [1, 0, 1], 'tail after z then x');
  });

  it('builds proper rotation matrices (Rodrigues)', () => {
    const r = axisAngleMatrix([0, 1, 0], Math.PI / 3);
    near([r[0] * r[0] + r[3] * r[3] + r[6] * r[6], r[0] * r[1] + r[3] * r[4] + r[6] * r[7]], [1, 0], 'orthonormal columns');
    near([r[0], r[2], r[6], r[8]], [0.5, Math.sqrt(3) / 2, -Math.sqrt(3) / 2, 0.5], 'about +y');
  });

  it('labels upper arm, forearm, hand and finger bones as arm, clavicle and shoulder as torso', () => {
    for (const name of ['upperarm01.L', 'upperarm02.R', 'lowerarm01.L', 'lowerarm02.R', 'wrist.L', 'metacarpal2.R', 'finger3-2.L']) assert.ok(isArmBone(name), name);
    for (const name of ['clavicle.L', 'shoulder01.R', 'spine03', 'breast.L', 'upperleg01.L', 'neck01']) assert.ok(!isArmBone(name), name);
  });
});

/** Closed axis-aligned box [x0,x1] x [y0,y1] x [z0,z1] (12 outward triangles), appended to a mesh. */
function addBox(positions: number[], triangles: number[], x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): void {
  const o = positions.length / 3;
  positions.push(x0, y0, z0, x1, y0, z0, x1, y1, z0, x0, y1, z0, x0, y0, z1, x1, y0, z1, x1, y1, z1, x0, y1, z1);
  for (const t of [0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3]) triangles.push(o + t);
}

describe('arm-body gap in a horizontal cut', () => {
  const gapBetween = (armX0: number): number => {
    const positions: number[] = [], triangles: number[] = [];
    addBox(positions, triangles, -0.15, 0.15, 0, 1, -0.1, 0.1); // torso, y up
    addBox(positions, triangles, armX0, armX0 + 0.08, 0.3, 0.9, -0.04, 0.04); // upper arm
    const { loops } = slicePlane(Float64Array.from(positions), Uint32Array.from(triangles), { point: [0, 0.5, 0], normal: [0, 1, 0] });
    assert.equal(loops.length, 2);
    const xz = loops.map((loop) => Float64Array.from({ length: (loop.length / 3) * 2 }, (_, i) => loop[3 * (i >> 1) + (i & 1 ? 2 : 0)]));
    const [torso, arm] = Math.abs(polygonArea(xz[0])) > Math.abs(polygonArea(xz[1])) ? xz : [xz[1], xz[0]];
    return signedLoopGap(arm, torso);
  };

  it('is the distance between the loops when the arm hangs clear of the torso', () => {
    assert.ok(Math.abs(gapBetween(0.153) - 0.003) < 1e-9, String(gapBetween(0.153)));
  });

  it('is minus the depth of the arm inside the torso when the surfaces interpenetrate', () => {
    assert.ok(Math.abs(gapBetween(0.148) + 0.002) < 1e-9, String(gapBetween(0.148)));
  });
});
