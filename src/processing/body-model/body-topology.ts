import {
  ARM_COLUMNS, ARM_STATIONS, ARMHOLE_BACK_COLUMN, ARMHOLE_FRONT_COLUMN, ARMPIT_LEVEL, BRIDGE_VERTICES, LEG_STATIONS,
  SHOULDER_TOP_LEVEL, TORSO_COLUMNS, TORSO_STATIONS,
} from './body-template.ts';

/** Vertex ids of one limb: the loop it grows from (shared with the torso), its rings, and its end pole. */
export interface LimbLayout {
  rootLoop: Uint32Array;
  ringSize: number;
  ringCount: number;
  /** ringCount * ringSize vertex ids, ring by ring; vertex k of every ring sits at the root loop's vertex k. */
  rings: Uint32Array;
  pole: number;
}

/**
 * The one fixed topology of the body model, the same for every body: a torso-neck-head column of
 * TORSO_COLUMNS-vertex rings with an armhole on each side and a crown pole; each leg grows from half of
 * the crotch ring plus a crotch bridge shared by both legs; each arm from its armhole's boundary loop.
 * Closed and 2-manifold (every edge on exactly two triangles), triangles counter-clockwise seen from
 * outside. Vertex ids are dense 0..vertexCount-1.
 */
export interface BodyTopology {
  vertexCount: number;
  indices: Uint32Array;
  /** torso[level * TORSO_COLUMNS + column] = vertex id, or -1 inside an armhole. Column 0 is the front centre, columns run towards +X. */
  torso: Int32Array;
  crownPole: number;
  /** Crotch bridge vertices from front to back. */
  bridge: Uint32Array;
  /** [left (+X), right (-X)]. */
  legs: [LimbLayout, LimbLayout];
  arms: [LimbLayout, LimbLayout];
}

function inArmhole(level: number, column: number): boolean {
  if (level <= ARMPIT_LEVEL || level >= SHOULDER_TOP_LEVEL) return false;
  const mirrored = TORSO_COLUMNS - column;
  return (column > ARMHOLE_FRONT_COLUMN && column < ARMHOLE_BACK_COLUMN) ||
    (mirrored > ARMHOLE_FRONT_COLUMN && mirrored < ARMHOLE_BACK_COLUMN);
}

function quadInArmhole(level: number, column: number): boolean {
  if (level < ARMPIT_LEVEL || level >= SHOULDER_TOP_LEVEL) return false;
  const mirrored = TORSO_COLUMNS - column - 1;
  return (column >= ARMHOLE_FRONT_COLUMN && column < ARMHOLE_BACK_COLUMN) ||
    (mirrored >= ARMHOLE_FRONT_COLUMN && mirrored < ARMHOLE_BACK_COLUMN);
}

function buildTopology(): BodyTopology {
  const K = TORSO_COLUMNS;
  const levels = TORSO_STATIONS.length;
  let next = 0;
  const torso = new Int32Array(levels * K).fill(-1);
  for (let level = 0; level < levels; level++) {
    for (let column = 0; column < K; column++) if (!inArmhole(level, column)) torso[level * K + column] = next++;
  }
  const crownPole = next++;
  const bridge = new Uint32Array(BRIDGE_VERTICES);
  for (let k = 0; k < BRIDGE_VERTICES; k++) bridge[k] = next++;
  const at = (level: number, column: number): number => torso[level * K + (((column % K) + K) % K)];

  const triangles: number[] = [];
  /** Joins loop a to loop b (same length, vertex k to k) with two triangles per quad; `flip` reverses the winding. */
  const band = (a: ArrayLike<number>, b: ArrayLike<number>, flip: boolean): void => {
    const n = a.length;
    for (let k = 0; k < n; k++) {
      const a0 = a[k], a1 = a[(k + 1) % n], b0 = b[k], b1 = b[(k + 1) % n];
      if (flip) triangles.push(a0, b1, a1, a0, b0, b1);
      else triangles.push(a0, a1, b1, a0, b1, b0);
    }
  };
  const fan = (a: ArrayLike<number>, pole: number, flip: boolean): void => {
    const n = a.length;
    for (let k = 0; k < n; k++) {
      if (flip) triangles.push(a[k], pole, a[(k + 1) % n]);
      else triangles.push(a[k], a[(k + 1) % n], pole);
    }
  };

  // Torso: quads between consecutive levels, except inside the armholes; crown fan.
  for (let level = 0; level + 1 < levels; level++) {
    for (let column = 0; column < K; column++) {
      if (quadInArmhole(level, column)) continue;
      const a0 = at(level, column), a1 = at(level, column + 1), b0 = at(level + 1, column), b1 = at(level + 1, column + 1);
      triangles.push(a0, a1, b1, a0, b1, b0);
    }
  }
  const top: number[] = [];
  for (let column = 0; column < K; column++) top.push(at(levels - 1, column));
  fan(top, crownPole, false);

  // Legs: left = crotch columns 0..K/2 (front, +X side, back) then the bridge back to front;
  // right = columns K/2..K (back, -X side, front) then the bridge front to back.
  const leftRoot: number[] = [];
  for (let column = 0; column <= K / 2; column++) leftRoot.push(at(0, column));
  for (let k = BRIDGE_VERTICES - 1; k >= 0; k--) leftRoot.push(bridge[k]);
  const rightRoot: number[] = [];
  for (let column = K / 2; column <= K; column++) rightRoot.push(at(0, column));
  for (let k = 0; k < BRIDGE_VERTICES; k++) rightRoot.push(bridge[k]);

  const limb = (root: number[], ringCount: number, flip: boolean): LimbLayout => {
    const ringSize = root.length;
    const rings = new Uint32Array(ringCount * ringSize);
    for (let i = 0; i < rings.length; i++) rings[i] = next++;
    const pole = next++;
    let previous: ArrayLike<number> = root;
    for (let r = 0; r < ringCount; r++) {
      const ring = rings.subarray(r * ringSize, (r + 1) * ringSize);
      band(previous, ring, flip);
      previous = ring;
    }
    fan(previous, pole, flip);
    return { rootLoop: Uint32Array.from(root), ringSize, ringCount, rings, pole };
  };
  const legs: [LimbLayout, LimbLayout] = [limb(leftRoot, LEG_STATIONS.length, true), limb(rightRoot, LEG_STATIONS.length, true)];

  // Arms: armhole boundary from the front armpit, along the armpit (front to back), up the back edge,
  // over the shoulder top (back to front), down the front edge. The right arm mirrors the columns.
  const armRoot = (mirror: boolean): number[] => {
    const col = (c: number): number => (mirror ? K - c : c);
    const loop: number[] = [];
    for (let c = ARMHOLE_FRONT_COLUMN; c <= ARMHOLE_BACK_COLUMN; c++) loop.push(at(ARMPIT_LEVEL, col(c)));
    for (let l = ARMPIT_LEVEL + 1; l <= SHOULDER_TOP_LEVEL; l++) loop.push(at(l, col(ARMHOLE_BACK_COLUMN)));
    for (let c = ARMHOLE_BACK_COLUMN - 1; c >= ARMHOLE_FRONT_COLUMN; c--) loop.push(at(SHOULDER_TOP_LEVEL, col(c)));
    for (let l = SHOULDER_TOP_LEVEL - 1; l > ARMPIT_LEVEL; l--) loop.push(at(l, col(ARMHOLE_FRONT_COLUMN)));
    if (loop.length !== ARM_COLUMNS) throw new Error('armhole loop length mismatch');
    return loop;
  };
  const arms: [LimbLayout, LimbLayout] = [limb(armRoot(false), ARM_STATIONS.length, false), limb(armRoot(true), ARM_STATIONS.length, true)];

  return { vertexCount: next, indices: Uint32Array.from(triangles), torso, crownPole, bridge, legs, arms };
}

/** The body model's topology (built once; treat as read-only). */
export const BODY_TOPOLOGY: BodyTopology = buildTopology();
