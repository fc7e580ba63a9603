import { malformed } from './capture-failures.ts';
import { integerAt, integerValue, isObject, numbersAt, objectAt, optionalArray, type JsonObject } from './glb-json.ts';

/**
 * The glTF node hierarchy (specification section 3.5): which meshes are drawn and with which world
 * matrix. Matrices are 4x4 column-major (as in glTF), world = parent world x local, local = matrix or
 * T x R x S. Uses the default scene (`scene`, else scene 0); without scenes, every root node; without
 * nodes, every mesh with the identity. A node reached twice (a cycle or two parents) is malformed.
 */
export interface MeshInstance {
  meshIndex: number;
  /** Column-major 4x4 world matrix. */
  world: Float64Array;
}

const IDENTITY = Object.freeze([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);

/** a x b for column-major 4x4 matrices. */
export function multiplyMatrices(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const out = new Float64Array(16);
  for (let column = 0; column < 4; column++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + row] * b[column * 4 + k];
      out[column * 4 + row] = sum;
    }
  }
  return out;
}

/** T x R x S as a column-major matrix; rotation is a unit quaternion [x, y, z, w]. */
export function matrixFromTrs(t: readonly number[], r: readonly number[], s: readonly number[]): Float64Array {
  const [x, y, z, w] = r;
  const m = new Float64Array(16);
  m[0] = (1 - 2 * (y * y + z * z)) * s[0];
  m[1] = 2 * (x * y + z * w) * s[0];
  m[2] = 2 * (x * z - y * w) * s[0];
  m[4] = 2 * (x * y - z * w) * s[1];
  m[5] = (1 - 2 * (x * x + z * z)) * s[1];
  m[6] = 2 * (y * z + x * w) * s[1];
  m[8] = 2 * (x * z + y * w) * s[2];
  m[9] = 2 * (y * z - x * w) * s[2];
  m[10] = (1 - 2 * (x * x + y * y)) * s[2];
  m[12] = t[0];
  m[13] = t[1];
  m[14] = t[2];
  m[15] = 1;
  return m;
}

function localMatrix(node: JsonObject, path: string): Float64Array {
  if (node.matrix !== undefined) return Float64Array.from(numbersAt(node, 'matrix', path, 16, IDENTITY));
  return matrixFromTrs(
    numbersAt(node, 'translation', path, 3, [0, 0, 0]),
    numbersAt(node, 'rotation', path, 4, [0, 0, 0, 1]),
    numbersAt(node, 'scale', path, 3, [1, 1, 1]),
  );
}

function rootNodes(gltf: JsonObject, nodes: unknown[]): number[] {
  const scenes = optionalArray(gltf, 'scenes', 'root');
  if (scenes.length > 0) {
    const sceneIndex = integerAt(gltf, 'scene', 'root', scenes.length - 1, 0);
    const scene = objectAt(scenes[sceneIndex], `scenes[${sceneIndex}]`);
    return optionalArray(scene, 'nodes', `scenes[${sceneIndex}]`)
      .map((value, i) => integerValue(value, `scenes[${sceneIndex}].nodes[${i}]`, nodes.length - 1));
  }
  const hasParent = new Uint8Array(nodes.length);
  nodes.forEach((node, i) => {
    if (!isObject(node)) return;
    optionalArray(node, 'children', `nodes[${i}]`).forEach((child) => {
      if (typeof child === 'number' && child >= 0 && child < nodes.length) hasParent[child] = 1;
    });
  });
  return nodes.map((_, i) => i).filter((i) => hasParent[i] === 0);
}

/** Every drawn mesh with its world matrix, depth-first in scene order. */
export function meshInstances(gltf: JsonObject): MeshInstance[] {
  const nodes = optionalArray(gltf, 'nodes', 'root');
  const meshCount = optionalArray(gltf, 'meshes', 'root').length;
  if (nodes.length === 0) {
    return Array.from({ length: meshCount }, (_, meshIndex) => ({ meshIndex, world: Float64Array.from(IDENTITY) }));
  }
  const visited = new Uint8Array(nodes.length);
  const instances: MeshInstance[] = [];
  const stack: { node: number; parent: ArrayLike<number> }[] = rootNodes(gltf, nodes)
    .reverse().map((node) => ({ node, parent: IDENTITY }));
  while (stack.length > 0) {
    const { node: index, parent } = stack.pop() as { node: number; parent: ArrayLike<number> };
    const path = `nodes[${index}]`;
    if (visited[index] === 1) throw malformed(`The GLB node hierarchy reaches node ${index} twice (a cycle or a node with two parents).`);
    visited[index] = 1;
    const node = objectAt(nodes[index], path);
    const world = multiplyMatrices(parent, localMatrix(node, path));
    if (node.mesh !== undefined) instances.push({ meshIndex: integerAt(node, 'mesh', path, meshCount - 1), world });
    const children = optionalArray(node, 'children', path);
    for (let c = children.length - 1; c >= 0; c--) {
      stack.push({ node: integerValue(children[c], `${path}.children[${c}]`, nodes.length - 1), parent: world });
    }
  }
  return instances;
}
