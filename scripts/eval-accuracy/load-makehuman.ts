// Reads the MakeHuman hm08 base mesh (base.obj) and its .target morph files (CC0 data in
// the MakeHuman data folder given on the command line, format described in its README.md). Units stay as in the files:
// decimetres, Y up, facing +Z. Nothing derived from the data is written anywhere.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The whole base.obj: every vertex (body + helpers + joint cubes) and the `body` group's quads. */
export interface MakeHumanBase {
  /** All 19,158 vertices of base.obj, xyz interleaved, decimetres (Y up, facing +Z). */
  positionsDm: Float64Array;
  /** Triangles of the `body` group (each quad split along its 0-2 diagonal), global vertex indices. */
  bodyTrianglesGlobal: Uint32Array;
  /** Sorted global indices of the vertices the `body` group uses (13,380 of them). */
  bodyVertexGlobal: Uint32Array;
  /** Global vertex indices of each `g` group (e.g. 'joint-l-knee' -> its 8 cube corners). */
  groupVertices: Map<string, Uint32Array>;
}

/** One .target file: sparse per-vertex offsets in decimetres, indices into base.obj's `v` list. */
export interface MorphTarget {
  indices: Uint32Array;
  offsetsDm: Float32Array;
}

export function readMakeHumanBase(makehumanDir: string): MakeHumanBase {
  return parseBaseObj(readFileSync(join(makehumanDir, 'base.obj'), 'utf8'));
}

export function parseBaseObj(text: string): MakeHumanBase {
  const positions: number[] = [];
  const bodyTriangles: number[] = [];
  const groupSets = new Map<string, Set<number>>();
  let group = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('v ')) {
      const parts = line.split(/\s+/);
      positions.push(Number(parts[1]), Number(parts[2]), Number(parts[3]));
    } else if (line.startsWith('g ')) {
      group = line.slice(2).trim();
      if (!groupSets.has(group)) groupSets.set(group, new Set());
    } else if (line.startsWith('f ')) {
      const corners = line.trim().split(/\s+/).slice(1).map((token) => Number(token.split('/')[0]) - 1);
      const set = groupSets.get(group) ?? new Set<number>();
      groupSets.set(group, set);
      for (const corner of corners) set.add(corner);
      if (group === 'body') {
        for (let k = 1; k + 1 < corners.length; k++) bodyTriangles.push(corners[0], corners[k], corners[k + 1]);
      }
    }
  }
  const groupVertices = new Map<string, Uint32Array>();
  for (const [name, set] of groupSets) groupVertices.set(name, Uint32Array.from([...set].sort((a, b) => a - b)));
  return {
    positionsDm: Float64Array.from(positions),
    bodyTrianglesGlobal: Uint32Array.from(bodyTriangles),
    bodyVertexGlobal: groupVertices.get('body') ?? new Uint32Array(0),
    groupVertices,
  };
}

export function parseTarget(text: string): MorphTarget {
  const indices: number[] = [];
  const offsets: number[] = [];
  for (const line of text.split('\n')) {
    if (line.length === 0 || line.startsWith('#')) continue;
    const parts = line.trim().split(/\s+/);
    if (parts.length < 4) continue;
    indices.push(Number(parts[0]));
    offsets.push(Number(parts[1]), Number(parts[2]), Number(parts[3]));
  }
  return { indices: Uint32Array.from(indices), offsetsDm: Float32Array.from(offsets) };
}

/** Reads targets by path relative to `<makehumanDir>/targets`, each file once. */
export function createTargetReader(makehumanDir: string): (relativePath: string) => MorphTarget {
  const cache = new Map<string, MorphTarget>();
  return (relativePath) => {
    let target = cache.get(relativePath);
    if (!target) {
      target = parseTarget(readFileSync(join(makehumanDir, 'targets', relativePath), 'utf8'));
      cache.set(relativePath, target);
    }
    return target;
  };
}
