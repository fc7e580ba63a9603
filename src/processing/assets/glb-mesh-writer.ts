import type { AssetMesh } from './asset-mesh.ts';
import {
  GL_ARRAY_BUFFER, GL_FLOAT, GL_UNSIGNED_BYTE, addAccessor, addBufferView, addIndices, addVec3Attribute,
  bytesOf, createGlbBuilder, finishGlb,
} from './glb-container.ts';
import { computeSmoothNormals } from './smooth-normals.ts';

export interface MeshGlbOptions {
  /** Name of the node and mesh, e.g. 'body'. */
  name: string;
  /** PNG bytes of the base colour texture; used only when the mesh has uvs. */
  texturePng?: Uint8Array | null;
  /** Linear RGBA base colour factor, 0..1 (multiplies texture and vertex colours). */
  baseColorFactor?: [number, number, number, number];
  /** Free-form metadata stored as the document's extras (JSON-serialisable). */
  extras?: Record<string, unknown>;
  /** A skeleton to skin the mesh with (the mesh is its bind pose), making the file posable. */
  skin?: MeshSkin | null;
}

/**
 * Linear blend skinning of the mesh: bones whose rest frames are aligned with the mesh axes (the
 * posable body model's convention), each with its head (joint) in the mesh frame, and 4 influences
 * per vertex. Written as a glTF skin: one joint node per bone, translated from its parent's head to
 * its own, inverse bind matrices translating by minus the head, JOINTS_0 (unsigned byte) and
 * WEIGHTS_0 (float, each vertex's weights sum to 1).
 */
export interface MeshSkin {
  boneNames: readonly string[];
  /** Parent bone of each bone (parents first; -1 for the root). */
  boneParent: Int16Array;
  /** Bone heads in the mesh's frame at the bind pose, 3 per bone (m). */
  boneHeadsM: Float32Array;
  /** 4 bone indices and 4 weights per vertex. */
  skinBones: Uint8Array;
  skinWeights: Float32Array;
}

/** Generator string written into every GLB. */
export const GLB_GENERATOR = 'bodyscan asset writer';

/**
 * Writes a triangle mesh as binary glTF 2.0: POSITION (m, the mesh's frame, glTF wants Y up and
 * front +Z), NORMAL (computed smooth when absent), optional COLOR_0 (unsigned byte RGBA, normalised),
 * optional TEXCOORD_0 with an embedded PNG texture, and one PBR metallic-roughness material
 * (dielectric, rough: skin-like). Pure; returns the file bytes.
 */
export function writeMeshGlb(mesh: AssetMesh, options: MeshGlbOptions): Uint8Array {
  const vertexCount = mesh.positionsM.length / 3;
  const builder = createGlbBuilder(GLB_GENERATOR);
  const doc = builder.document;
  const normals = mesh.normals ?? computeSmoothNormals(mesh.positionsM, mesh.indices);

  const attributes: Record<string, number> = {
    POSITION: addVec3Attribute(builder, mesh.positionsM, true),
    NORMAL: addVec3Attribute(builder, normals, false),
  };
  if (mesh.colors) {
    // RGBA bytes: 4-byte elements keep the vertex attribute aligned as glTF requires.
    const rgba = new Uint8Array(vertexCount * 4);
    for (let v = 0; v < vertexCount; v++) {
      rgba[v * 4] = mesh.colors[v * 3];
      rgba[v * 4 + 1] = mesh.colors[v * 3 + 1];
      rgba[v * 4 + 2] = mesh.colors[v * 3 + 2];
      rgba[v * 4 + 3] = 255;
    }
    const view = addBufferView(builder, rgba, GL_ARRAY_BUFFER);
    attributes.COLOR_0 = addAccessor(builder, {
      bufferView: view, componentType: GL_UNSIGNED_BYTE, normalized: true, count: vertexCount, type: 'VEC4',
    });
  }
  const textured = mesh.uvs !== null && options.texturePng != null;
  if (textured && mesh.uvs) {
    const view = addBufferView(builder, bytesOf(mesh.uvs), GL_ARRAY_BUFFER);
    attributes.TEXCOORD_0 = addAccessor(builder, { bufferView: view, componentType: GL_FLOAT, count: vertexCount, type: 'VEC2' });
  }

  const pbr: Record<string, unknown> = {
    baseColorFactor: options.baseColorFactor ?? [1, 1, 1, 1],
    metallicFactor: 0,
    roughnessFactor: 0.8,
  };
  if (textured && options.texturePng) {
    const imageView = addBufferView(builder, options.texturePng);
    doc.images = [{ bufferView: imageView, mimeType: 'image/png', name: `${options.name}-texture` }];
    doc.samplers = [{ magFilter: 9729, minFilter: 9987, wrapS: 10497, wrapT: 33071 }];
    doc.textures = [{ sampler: 0, source: 0 }];
    pbr.baseColorTexture = { index: 0 };
  }
  doc.materials = [{ name: `${options.name}-material`, pbrMetallicRoughness: pbr }];

  if (options.skin) addSkinAttributes(builder, options.skin, vertexCount, attributes);
  const primitive = { attributes, indices: addIndices(builder, mesh.indices, vertexCount), material: 0, mode: 4 };
  doc.meshes.push({ name: options.name, primitives: [primitive] });
  doc.nodes.push({ name: options.name, mesh: 0 });
  doc.scenes[0].nodes.push(0);
  if (options.skin) addSkeleton(builder, options.skin, 0);
  if (options.extras) doc.extras = options.extras;
  return finishGlb(builder);
}

/** JOINTS_0 / WEIGHTS_0: zero-weight slots point at joint 0; weights renormalised to sum to 1 in float32. */
function addSkinAttributes(builder: ReturnType<typeof createGlbBuilder>, skin: MeshSkin, vertexCount: number, attributes: Record<string, number>): void {
  const joints = new Uint8Array(4 * vertexCount);
  const weights = new Float32Array(4 * vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    let sum = 0;
    for (let j = 4 * v; j < 4 * v + 4; j++) sum += skin.skinWeights[j] > 0 ? skin.skinWeights[j] : 0;
    for (let j = 4 * v; j < 4 * v + 4; j++) {
      const w = skin.skinWeights[j] > 0 && sum > 0 ? skin.skinWeights[j] / sum : 0;
      weights[j] = w;
      joints[j] = w > 0 ? skin.skinBones[j] : 0;
    }
  }
  attributes.JOINTS_0 = addAccessor(builder, {
    bufferView: addBufferView(builder, joints, GL_ARRAY_BUFFER), componentType: GL_UNSIGNED_BYTE, count: vertexCount, type: 'VEC4',
  });
  attributes.WEIGHTS_0 = addAccessor(builder, {
    bufferView: addBufferView(builder, bytesOf(weights), GL_ARRAY_BUFFER), componentType: GL_FLOAT, count: vertexCount, type: 'VEC4',
  });
}

/** One joint node per bone (children under their parent), the skin, and the mesh node bound to it. */
function addSkeleton(builder: ReturnType<typeof createGlbBuilder>, skin: MeshSkin, meshNode: number): void {
  const doc = builder.document;
  const boneCount = skin.boneNames.length;
  const first = doc.nodes.length;
  const inverseBind = new Float32Array(16 * boneCount);
  for (let b = 0; b < boneCount; b++) {
    const parent = skin.boneParent[b];
    const translation = [0, 1, 2].map((k) => skin.boneHeadsM[3 * b + k] - (parent >= 0 ? skin.boneHeadsM[3 * parent + k] : 0));
    doc.nodes.push({ name: skin.boneNames[b], translation });
    // Column-major 4x4: identity rotation, translation minus the head.
    inverseBind.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -skin.boneHeadsM[3 * b], -skin.boneHeadsM[3 * b + 1], -skin.boneHeadsM[3 * b + 2], 1], 16 * b);
  }
  for (let b = 0; b < boneCount; b++) {
    const parent = skin.boneParent[b];
    if (parent < 0) { doc.scenes[0].nodes.push(first + b); continue; }
    const node = doc.nodes[first + parent] as { children?: number[] };
    (node.children ??= []).push(first + b);
  }
  const ibm = addAccessor(builder, { bufferView: addBufferView(builder, bytesOf(inverseBind)), componentType: GL_FLOAT, count: boneCount, type: 'MAT4' });
  const root = skin.boneParent.findIndex((parent) => parent < 0);
  doc.skins = [{ name: 'skeleton', inverseBindMatrices: ibm, joints: Array.from({ length: boneCount }, (_, b) => first + b), skeleton: first + root }];
  (doc.nodes[meshNode] as { skin?: number }).skin = 0;
}
