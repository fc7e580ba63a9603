import type { NamedLoop } from './asset-mesh.ts';
import { addIndices, addVec3Attribute, createGlbBuilder, finishGlb } from './glb-container.ts';
import { GLB_GENERATOR } from './glb-mesh-writer.ts';

/**
 * Writes the measurement sites as one GLB: one node per girth, named by its measurement field
 * (e.g. 'waistFit'), each with one LINE_LOOP primitive (mode 2) over the ring's points, in the
 * canonical frame (metres, Y up, facing +Z, feet at y = 0: the frame of the model GLB, so the two
 * overlay with no transform). Node extras carry `perimeterM`. One unlit-looking emissive material.
 * Loops with fewer than 2 points are skipped. Pure; returns the file bytes.
 */
export function writeStripesGlb(loops: readonly NamedLoop[]): Uint8Array {
  const builder = createGlbBuilder(GLB_GENERATOR);
  const doc = builder.document;
  doc.materials = [{
    name: 'stripe',
    pbrMetallicRoughness: { baseColorFactor: [0.05, 0.45, 0.95, 1], metallicFactor: 0, roughnessFactor: 1 },
    emissiveFactor: [0.05, 0.45, 0.95],
  }];
  for (const loop of loops) {
    const count = loop.pointsM.length / 3;
    if (count < 2) continue;
    const position = addVec3Attribute(builder, loop.pointsM, true);
    const order = new Uint32Array(count);
    for (let i = 0; i < count; i++) order[i] = i;
    const meshIndex = doc.meshes.length;
    doc.meshes.push({
      name: loop.name,
      primitives: [{ attributes: { POSITION: position }, indices: addIndices(builder, order, count), material: 0, mode: 2 }],
    });
    doc.nodes.push({ name: loop.name, mesh: meshIndex, extras: { perimeterM: loop.perimeterM } });
    doc.scenes[0].nodes.push(doc.nodes.length - 1);
  }
  doc.extras = { kind: 'measurement-stripes', frame: 'metres, Y up, facing +Z, feet at y = 0' };
  if (doc.meshes.length === 0) {
    // A scene with no lines is still a valid file; keep one empty node so viewers load it.
    doc.nodes.push({ name: 'no-sites' });
    doc.scenes[0].nodes.push(0);
    delete doc.materials;
  }
  return finishGlb(builder);
}
