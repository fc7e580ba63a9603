import type { BodyMeasurementResult } from '../../domain/body-scan-result.ts';
import type { BodyFit } from '../body-model/fit-body-model.ts';
import { fitBodyModel } from '../body-model/fit-body-model.ts';
import { canonicalBody } from '../body-model/canonical-body.ts';
import { reconstructSurface } from '../surface-reconstruction/reconstruct-surface.ts';
import type { AssetMesh, NamedLoop, RgbaImage } from './asset-mesh.ts';
import type { ScanAssetKind } from './asset-configs.ts';
import { pipelineOf } from './asset-configs.ts';
import { cylinderFrameOf, unwrapCylindrical } from './cylindrical-uv.ts';
import { writeMeshGlb } from './glb-mesh-writer.ts';
import { writeStripesGlb } from './glb-stripes-writer.ts';
import { writeMtl, writeObj } from './obj-writer.ts';
import { encodePng } from './png-encoder.ts';
import { renderPreview } from './preview-rasteriser.ts';
import { computeSmoothNormals } from './smooth-normals.ts';
import { bakeMeshColors, bakePointColors, generatedSkinTexture, SKIN_RGB } from './texture-bake.ts';

/** One stored asset file. */
export interface AssetFile {
  /** Name to store it under; files of one scan sit side by side (the OBJ names its MTL, the MTL its PNG). */
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export type ScanAssetFiles = Partial<Record<ScanAssetKind, AssetFile>>;

const SKIN_FACTOR: [number, number, number, number] = [SKIN_RGB[0] / 255, SKIN_RGB[1] / 255, SKIN_RGB[2] / 255, 1];

/**
 * Builds the asset files of a measured scan (canonical frame: m, Y up, facing +Z, feet at y = 0).
 * model: the capture's own mesh when it has triangles, else the surface reconstructed from the
 * capture's points (reconstructSurface: occupancy closing, marching cubes, Taubin smoothing and
 * projection onto the points; ~8 mm cells), never the template;
 * texture: capture colours (`captureColors`, rgb per canonical vertex, else the canonical geometry's
 * own colours) baked into a cylindrical atlas, else the generated skin texture; canonicalBody: the
 * fitted body in the canonical A-pose (the only use of the fit); previewImage: a 512 x 1024 front
 * render of the model;
 * stripes: the measurement sites as named line loops. GLB pipelines give .glb files (texture also
 * as PNG); the legacy pipeline gives OBJ + MTL + PNG. Unknown configurations give no files.
 * Pure; pass `fit` when the caller already fitted the body.
 */
export function buildScanAssets(
  result: BodyMeasurementResult, captureColors: Uint8Array | null, assetConfigId: string, fit: BodyFit = fitBodyModel(result),
): ScanAssetFiles {
  const pipeline = pipelineOf(assetConfigId);
  if (!pipeline) return {};
  const canonical = result.canonical;
  const colors = captureColors ?? canonical.colors;
  const isMesh = canonical.indices !== null && canonical.indices.length >= 3;

  // The surface to publish, with cylindrical uvs, and the texture baked for it.
  const reconstructed = isMesh ? null : reconstructSurface(canonical.positions);
  const surfacePositions = reconstructed ? reconstructed.positionsM : canonical.positions;
  const surfaceIndices = reconstructed ? reconstructed.indices : (canonical.indices as Uint32Array);
  const frame = cylinderFrameOf(canonical.positions.length > 0 ? canonical.positions : surfacePositions);
  const unwrapped = unwrapCylindrical(surfacePositions, surfaceIndices, frame);
  const hasColors = colors !== null && colors.length >= 3;
  const texture: RgbaImage = !hasColors ? generatedSkinTexture()
    : isMesh ? bakeMeshColors(unwrapped, colors, frame) : bakePointColors(canonical.positions, colors, frame);
  const texturePng = encodePng(texture, true);

  const sourceNormals = isMesh && canonical.normals ? canonical.normals : computeSmoothNormals(surfacePositions, surfaceIndices);
  const normals = new Float32Array(unwrapped.sourceVertex.length * 3);
  for (let v = 0; v < unwrapped.sourceVertex.length; v++) {
    const s = unwrapped.sourceVertex[v] * 3;
    normals[v * 3] = sourceNormals[s]; normals[v * 3 + 1] = sourceNormals[s + 1]; normals[v * 3 + 2] = sourceNormals[s + 2];
  }
  const model: AssetMesh = { positionsM: unwrapped.positionsM, indices: unwrapped.indices, normals, colors: null, uvs: unwrapped.uvs };
  const preview = renderPreview({
    positionsM: model.positionsM, indices: model.indices, normals, colors: sampleTexture(texture, unwrapped.uvs),
  });
  const previewPng = encodePng(preview, true);
  const canonicalMesh = canonicalBody(fit.params);
  const loops: NamedLoop[] = result.sites.map((site) => ({ name: site.field, pointsM: site.ringM, perimeterM: site.perimeterM }));

  const files: ScanAssetFiles = {
    texture: { fileName: 'texture.png', contentType: 'image/png', bytes: texturePng },
    previewImage: { fileName: 'preview.png', contentType: 'image/png', bytes: previewPng },
    stripes: { fileName: 'stripes.glb', contentType: 'model/gltf-binary', bytes: writeStripesGlb(loops) },
  };
  const canonicalAsset: AssetMesh = { positionsM: canonicalMesh.positionsM, indices: canonicalMesh.indices, normals: null, colors: null, uvs: null };
  if (pipeline === 'glb') {
    files.model = {
      fileName: 'model.glb', contentType: 'model/gltf-binary',
      bytes: writeMeshGlb(model, { name: 'body', texturePng, extras: { ...sourceExtras(reconstructed?.voxelSizeM ?? null), frame: 'metres, Y up, facing +Z, feet at y = 0' } }),
    };
    files.canonicalBody = {
      fileName: 'canonical-body.glb', contentType: 'model/gltf-binary',
      bytes: writeMeshGlb(canonicalAsset, { name: 'canonical-body', baseColorFactor: SKIN_FACTOR, extras: { pose: 'canonical A-pose', params: fit.params } }),
    };
  } else {
    files.model = { fileName: 'model.obj', contentType: 'model/obj', bytes: writeObj(model, { mtlFileName: 'material.mtl', materialName: 'body', objectName: 'body' }) };
    files.material = { fileName: 'material.mtl', contentType: 'model/mtl', bytes: writeMtl('body', 'texture.png') };
    files.canonicalBody = {
      fileName: 'canonical-body.obj', contentType: 'model/obj',
      bytes: writeObj(canonicalAsset, { mtlFileName: null, materialName: 'body', objectName: 'canonical-body' }),
    };
  }
  return files;
}

/** What the model GLB says about its surface: the capture's mesh, or how it was reconstructed from the points. */
function sourceExtras(voxelSizeM: number | null): Record<string, unknown> {
  if (voxelSizeM === null) return { source: 'capture mesh' };
  return {
    source: 'reconstructed from points',
    method: 'occupancy grid, closing and flood fill, marching cubes, Taubin smoothing, projection onto the points',
    voxelSizeM: Math.round(voxelSizeM * 1e5) / 1e5,
  };
}

/** Nearest-texel colour of every vertex (u wraps, v clamps): rgb per vertex. */
function sampleTexture(texture: RgbaImage, uvs: Float32Array): Uint8Array {
  const count = uvs.length / 2;
  const colors = new Uint8Array(count * 3);
  const { width, height, rgba } = texture;
  for (let v = 0; v < count; v++) {
    const u = uvs[v * 2] - Math.floor(uvs[v * 2]);
    const x = Math.min(width - 1, (u * width) | 0);
    const y = Math.min(height - 1, Math.max(0, (uvs[v * 2 + 1] * height) | 0));
    const o = (y * width + x) * 4;
    colors[v * 3] = rgba[o]; colors[v * 3 + 1] = rgba[o + 1]; colors[v * 3 + 2] = rgba[o + 2];
  }
  return colors;
}
