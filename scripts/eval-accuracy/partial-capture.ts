// Partial captures: what a scanner misses on a standing person. Triangles of the body mesh are
// dropped where their centroid lies in a hole (truth frame: metres, Y up, facing +Z, left = +x):
//   soles   down-facing triangles (normal y < -0.3) within 2 cm of the floor
//   crown   within 4 cm of the top of the head
//   armpits within 4.5 cm of the point straight below each shoulder joint at armpit level
//   crotch  within 5 cm of the crotch vertex
//   back    a share of the back-facing (normal z < -0.3) torso surface between crotch and
//           acromion, by area: the left, right or lower part of it
// The capture is the remaining surface (compacted: no unused vertices) plus a floor remnant: a
// 0.8 m x 0.6 m floor quad 2 mm under the soles for the mesh (a separate piece), the usual floor
// patch for the cloud. The truth stays the whole body.
import type { BodyMesh, Vec3 } from './body-mesh.ts';
import { joint } from './body-axes.ts';
import { armpitLevel, TEMPLATE_VERTICES } from './truth-sites.ts';

export interface BackGap {
  /** Share of the back's area left out, in (0, 1/3]. */
  fraction: number;
  /** Which part goes: the character's left or right side, or the lower back. */
  where: 'left' | 'right' | 'lower';
}

export interface PartialSpec {
  back: BackGap;
}

export interface PartialSurface {
  /** The captured surface: compacted positions (m) and triangles. */
  mesh: BodyMesh;
  /** The floor remnant quad for mesh captures (4 vertices, 2 triangles, m). */
  floorPositionsM: Float64Array;
  floorTriangles: Uint32Array;
  /** Area share of the body surface removed, and per hole. */
  removedAreaShare: number;
  removedByHole: Record<string, number>;
}

const SOLE_HEIGHT_M = 0.02, CROWN_DEPTH_M = 0.04, ARMPIT_RADIUS_M = 0.045, CROTCH_RADIUS_M = 0.05;

/** Where the holes go, from the body's landmarks (truth frame, m). */
export interface HoleLandmarks {
  statureM: number;
  crotch: Vec3;
  acromionY: number;
  /** Left and right armpit points (below each shoulder joint at armpit level). */
  armpits: Vec3[];
  /** Half-width (m) of the torso at height y: back triangles farther out are arms. */
  torsoHalfWidthAt: (y: number) => number;
}

export const HOLE_NAMES = ['soles', 'crown', 'armpits', 'crotch', 'back'] as const;

/** The body's hole landmarks: stature, crotch and acromion vertices, armpit levels, shoulder and hip joints. */
export function holeLandmarks(body: BodyMesh): HoleLandmarks {
  const p = body.positionsM;
  let statureM = 0;
  for (let i = 1; i < p.length; i += 3) statureM = Math.max(statureM, p[i]);
  const vertex = (global: number): Vec3 => { const k = body.localOfGlobal[global]; return [p[3 * k], p[3 * k + 1], p[3 * k + 2]]; };
  return {
    statureM,
    crotch: vertex(TEMPLATE_VERTICES.crotch),
    acromionY: (vertex(TEMPLATE_VERTICES.acromionLeft)[1] + vertex(TEMPLATE_VERTICES.acromionRight)[1]) / 2,
    armpits: (['left', 'right'] as const).map((side): Vec3 => {
      const shoulder = joint(body, `joint-${side === 'left' ? 'l' : 'r'}-shoulder`);
      return [shoulder[0], armpitLevel(body, side), shoulder[2]];
    }),
    torsoHalfWidthAt: (y) => torsoHalfWidth(body, y),
  };
}

export interface HoleMask {
  /** Per triangle: 0 kept, else 1 + index into HOLE_NAMES. */
  hole: Uint8Array;
  area: Float64Array;
  totalArea: number;
}

/** Which triangles each hole removes (see the file header); positions in m, truth frame. */
export function holeTriangles(p: Float64Array, tris: Uint32Array, landmarks: HoleLandmarks, spec: PartialSpec): HoleMask {
  const { statureM, crotch, acromionY, armpits } = landmarks;
  const triangleCount = tris.length / 3;
  const hole = new Uint8Array(triangleCount);
  const area = new Float64Array(triangleCount);
  const centroid = new Float64Array(3 * triangleCount);
  const backCandidates: number[] = [];
  let totalArea = 0;
  for (let t = 0; t < triangleCount; t++) {
    const a = 3 * tris[3 * t], b = 3 * tris[3 * t + 1], c = 3 * tris[3 * t + 2];
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const twice = Math.hypot(nx, ny, nz) || 1;
    area[t] = twice / 2; totalArea += area[t];
    const cx = (p[a] + p[b] + p[c]) / 3, cy = (p[a + 1] + p[b + 1] + p[c + 1]) / 3, cz = (p[a + 2] + p[b + 2] + p[c + 2]) / 3;
    centroid[3 * t] = cx; centroid[3 * t + 1] = cy; centroid[3 * t + 2] = cz;
    const near = (q: Vec3, r: number): boolean => (cx - q[0]) ** 2 + (cy - q[1]) ** 2 + (cz - q[2]) ** 2 < r * r;
    if (cy < SOLE_HEIGHT_M && ny / twice < -0.3) hole[t] = 1;
    else if (cy > statureM - CROWN_DEPTH_M) hole[t] = 2;
    else if (armpits.some((q) => near(q, ARMPIT_RADIUS_M))) hole[t] = 3;
    else if (near(crotch, CROTCH_RADIUS_M)) hole[t] = 4;
    else if (nz / twice < -0.3 && cy > crotch[1] && cy < acromionY && Math.abs(cx) < landmarks.torsoHalfWidthAt(cy)) backCandidates.push(t);
  }
  // Back gap: order the back's triangles along the chosen direction and drop the first `fraction` of its area.
  const key = (t: number): number => spec.back.where === 'left' ? -centroid[3 * t] : spec.back.where === 'right' ? centroid[3 * t] : centroid[3 * t + 1];
  backCandidates.sort((s, t) => key(s) - key(t));
  const backArea = backCandidates.reduce((s, t) => s + area[t], 0);
  let dropped = 0;
  for (const t of backCandidates) {
    if (dropped >= spec.back.fraction * backArea) break;
    hole[t] = 5; dropped += area[t];
  }
  return { hole, area, totalArea };
}

export function partialSurface(body: BodyMesh, spec: PartialSpec): PartialSurface {
  const p = body.positionsM, tris = body.triangles;
  const triangleCount = tris.length / 3;
  const { hole, area, totalArea } = holeTriangles(p, tris, holeLandmarks(body), spec);
  const removedByHole: Record<string, number> = {};
  let removed = 0;
  for (let t = 0; t < triangleCount; t++) {
    if (hole[t] === 0) continue;
    removed += area[t];
    removedByHole[HOLE_NAMES[hole[t] - 1]] = (removedByHole[HOLE_NAMES[hole[t] - 1]] ?? 0) + area[t] / totalArea;
  }
  // Compact: keep only vertices of kept triangles.
  const newIndex = new Int32Array(p.length / 3).fill(-1);
  const keptTriangles: number[] = [];
  const keptPositions: number[] = [];
  for (let t = 0; t < triangleCount; t++) {
    if (hole[t] !== 0) continue;
    for (let k = 0; k < 3; k++) {
      const v = tris[3 * t + k];
      if (newIndex[v] < 0) { newIndex[v] = keptPositions.length / 3; keptPositions.push(p[3 * v], p[3 * v + 1], p[3 * v + 2]); }
      keptTriangles.push(newIndex[v]);
    }
  }
  const localOfGlobal = body.localOfGlobal.map((k) => (k < 0 ? -1 : newIndex[k]));
  const mesh: BodyMesh = { positionsM: Float64Array.from(keptPositions), triangles: Uint32Array.from(keptTriangles), localOfGlobal, joints: body.joints };
  // Floor remnant: centred under the feet, 2 mm below the soles, facing up.
  let fx = 0, fz = 0, n = 0;
  for (let i = 0; i < p.length / 3; i++) if (p[3 * i + 1] < 0.05) { fx += p[3 * i]; fz += p[3 * i + 2]; n++; }
  fx /= Math.max(1, n); fz /= Math.max(1, n);
  const floorPositionsM = Float64Array.from([fx - 0.4, -0.002, fz - 0.3, fx + 0.4, -0.002, fz - 0.3, fx + 0.4, -0.002, fz + 0.3, fx - 0.4, -0.002, fz + 0.3]);
  return { mesh, floorPositionsM, floorTriangles: Uint32Array.from([0, 2, 1, 0, 3, 2]), removedAreaShare: removed / totalArea, removedByHole };
}

/**
 * Half-width of the torso at height y (m), to keep the arms out of "the back": from 1.6 x the hip
 * joints' half-spread at hip-joint height to the shoulder joints' half-spread at shoulder height,
 * linear in between and constant beyond.
 */
function torsoHalfWidth(body: BodyMesh, y: number): number {
  const hips = Math.abs(joint(body, 'joint-l-upper-leg')[0] - joint(body, 'joint-r-upper-leg')[0]) / 2;
  const shoulders = Math.abs(joint(body, 'joint-l-shoulder')[0] - joint(body, 'joint-r-shoulder')[0]) / 2;
  const hipY = joint(body, 'joint-l-upper-leg')[1], shoulderY = joint(body, 'joint-l-shoulder')[1];
  const t = Math.max(0, Math.min(1, (y - hipY) / (shoulderY - hipY)));
  return 1.6 * hips + t * (shoulders - 1.6 * hips);
}
