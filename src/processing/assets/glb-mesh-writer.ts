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

  const primitive = { attributes, indices: addIndices(builder, mesh.indices, vertexCount), material: 0, mode: 4 };
  doc.meshes.push({ name: options.name, primitives: [primitive] });
  doc.nodes.push({ name: options.name, mesh: 0 });
  doc.scenes[0].nodes.push(0);
  if (options.extras) doc.extras = options.extras;
  return finishGlb(builder);
}
