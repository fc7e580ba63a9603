import type { BodyMeasurementResult } from '../../domain/body-scan-result.ts';
import { canonicalBody, canonicalSitePlanes } from '../body-model/canonical-body.ts';
import type { FittedBodyRecord } from '../body-model/fitted-body-record.ts';
import type { ModelFit, PosableBodyModel } from '../body-model/posable-model-types.ts';
import { siteTape } from '../body-model/site-girths.ts';
import { reconstructSurface } from '../surface-reconstruction/reconstruct-surface.ts';
import type { AssetMesh, NamedLoop, RgbaImage } from './asset-mesh.ts';
import type { ScanAssetKind } from './asset-configs.ts';
import { pipelineOf } from './asset-configs.ts';
import { avatarVertexColors } from './avatar-colors.ts';
import { cylinderFrameOf, unwrapCylindrical } from './cylindrical-uv.ts';
import { writeMeshGlb, type MeshSkin } from './glb-mesh-writer.ts';
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

/** The body model fitted to the scan: the fit (in the canonical frame of the measurement) and its record. */
export interface ScanAvatarInput {
  model: PosableBodyModel;
  fit: ModelFit;
  record: FittedBodyRecord;
}

/**
 * A point cloud's `model` asset is the fitted body model posed like the capture while the fit is this
 * close (RMS capture-to-model distance, mm) and covers this much of the model; beyond, the surface
 * reconstructed from the points, which shows the capture as it is where the model cannot follow it.
 */
export const AVATAR_MAX_RESIDUAL_MM = 15;
export const AVATAR_MIN_COVERAGE = 0.5;
const FRAME = 'metres, Y up, facing +Z, feet at y = 0';

/**
 * Builds the asset files of a measured scan (canonical frame: m, Y up, facing +Z, feet at y = 0).
 * model: the capture's own mesh when it has triangles; for a point cloud, the fitted body model posed
 * like the capture (a closed surface with a real head, hands and feet where a scanner leaves holes,
 * soles, crown and armpits) when the fit is good (AVATAR_MAX_RESIDUAL_MM, AVATAR_MIN_COVERAGE), else
 * the surface reconstructed from the points (reconstructSurface: occupancy closing, marching cubes,
 * Taubin smoothing, projection onto the points; ~8 mm cells);
 * texture: the capture's colours (the canonical geometry's, rgb per canonical point or vertex: they
 * survive the floor and outlier filters, see toCanonical) baked into a cylindrical atlas, else the generated skin texture; canonicalBody: the
 * fitted shape in the body model's rest A-pose, feet on y = 0 (canonical-body.ts), the same
 * topology for every scan; previewImage: a 512 x 1024 front render of the model;
 * stripes: the measurement sites as named line loops on the model asset's surface (the measured rings
 * on a capture mesh or reconstruction; the tape at the measured plane on the posed avatar).
 * GLB pipelines give .glb files (texture also as PNG); the legacy pipeline gives OBJ + MTL + PNG.
 * Unknown configurations give no files. Pure.
 */
export function buildScanAssets(
  result: BodyMeasurementResult, assetConfigId: string, avatar: ScanAvatarInput,
): ScanAssetFiles {
  const pipeline = pipelineOf(assetConfigId);
  if (!pipeline) return {};
  const canonical = result.canonical;
  const colors = canonical.colors;
  const isMesh = canonical.indices !== null && canonical.indices.length >= 3;
  const useAvatar = !isMesh && avatar.fit.residualRmsMm <= AVATAR_MAX_RESIDUAL_MM && avatar.fit.coverage >= AVATAR_MIN_COVERAGE;

  // The surface to publish, with cylindrical uvs, and the texture baked for it.
  const reconstructed = isMesh || useAvatar ? null : reconstructSurface(canonical.positions);
  const surfacePositions = useAvatar ? avatar.fit.posed.positionsM : reconstructed ? reconstructed.positionsM : canonical.positions;
  const surfaceIndices = useAvatar ? avatar.model.triangles : reconstructed ? reconstructed.indices : (canonical.indices as Uint32Array);
  const frame = cylinderFrameOf(canonical.positions.length > 0 ? canonical.positions : surfacePositions);
  const unwrapped = unwrapCylindrical(surfacePositions, surfaceIndices, frame);
  const hasColors = colors !== null && colors.length >= 3;
  const baked = !hasColors ? null : isMesh ? bakeMeshColors(unwrapped, colors, frame) : bakePointColors(canonical.positions, colors, frame);
  const { image: texture, png } = baked ? { image: baked, png: encodePng(baked, true) } : generatedTexture();
  const texturePng = baked ? png : png.slice(); // each scan owns its file's bytes

  const sourceNormals = isMesh && canonical.normals ? canonical.normals : computeSmoothNormals(surfacePositions, surfaceIndices);
  const normals = new Float32Array(unwrapped.sourceVertex.length * 3);
  for (let v = 0; v < unwrapped.sourceVertex.length; v++) {
    const s = unwrapped.sourceVertex[v] * 3;
    normals[v * 3] = sourceNormals[s]; normals[v * 3 + 1] = sourceNormals[s + 1]; normals[v * 3 + 2] = sourceNormals[s + 2];
  }
  // The avatar takes the capture's colours per vertex and per body part (avatar-colors.ts): the
  // cylindrical texture gives a torso side hidden behind an arm the arm's colour.
  const avatarColors = useAvatar && hasColors
    ? perUnwrappedVertex(avatarVertexColors(surfacePositions, surfaceIndices, avatar.model.vertexPart, canonical.positions, colors, avatar.fit.pointPart), unwrapped.sourceVertex)
    : null;
  const model: AssetMesh = { positionsM: unwrapped.positionsM, indices: unwrapped.indices, normals, colors: null, uvs: unwrapped.uvs };
  const preview = renderPreview({
    positionsM: model.positionsM, indices: model.indices, normals, colors: avatarColors ?? sampleTexture(texture, unwrapped.uvs),
  });
  const previewPng = encodePng(preview, true);
  const loops = useAvatar ? avatarLoops(result, avatar) : result.sites.map((site) => ({ name: site.field, pointsM: site.ringM, perimeterM: site.perimeterM }));

  const files: ScanAssetFiles = {
    texture: { fileName: 'texture.png', contentType: 'image/png', bytes: texturePng },
    previewImage: { fileName: 'preview.png', contentType: 'image/png', bytes: previewPng },
    stripes: { fileName: 'stripes.glb', contentType: 'model/gltf-binary', bytes: writeStripesGlb(loops) },
  };
  const canonicalMesh = canonicalBody(avatar.model, avatar.record.shape);
  const canonicalAsset: AssetMesh = {
    positionsM: canonicalMesh.positionsM, indices: canonicalMesh.triangles, normals: computeSmoothNormals(canonicalMesh.positionsM, canonicalMesh.triangles), colors: null, uvs: null,
  };
  const modelSource = useAvatar ? avatarExtras(avatar.fit) : sourceExtras(reconstructed?.voxelSizeM ?? null);
  if (pipeline === 'glb') {
    files.model = {
      fileName: 'model.glb', contentType: 'model/gltf-binary',
      // The coloured avatar carries its colours per vertex (COLOR_0) and no texture: glTF would multiply the two.
      bytes: avatarColors
        ? writeMeshGlb({ ...model, colors: avatarColors }, { name: 'body', texturePng: null, extras: { ...modelSource, colors: 'per vertex, from the capture points of the same body part', frame: FRAME } })
        : writeMeshGlb(model, { name: 'body', texturePng, extras: { ...modelSource, frame: FRAME } }),
    };
    files.canonicalBody = {
      fileName: 'canonical-body.glb', contentType: 'model/gltf-binary',
      bytes: writeMeshGlb(canonicalAsset, {
        name: 'canonical-body', baseColorFactor: SKIN_FACTOR, skin: modelSkin(avatar.model, canonicalMesh.boneHeadM),
        extras: {
          pose: 'rest A-pose of the body model', frame: FRAME, bodyModel: 'bodyscan posable model (MakeHuman CC0 data)', shape: avatar.record.shape,
          // Where the scan was measured, carried to this body: a plane (centre m, unit normal) per site.
          sitePlanes: Object.fromEntries(canonicalSitePlanes(canonicalMesh, avatar.record.sites).map((plane) => [plane.field, {
            centreM: plane.centreM.map(round5), normal: plane.normal.map(round5),
          }])),
        },
      }),
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

/** The body model's skeleton and skin weights for a body of it whose bone heads (m) are given: a posable GLB. */
export function modelSkin(model: PosableBodyModel, boneHeadsM: Float32Array): MeshSkin {
  return { boneNames: model.boneNames, boneParent: model.boneParent, boneHeadsM, skinBones: model.skinBones, skinWeights: model.skinWeights };
}

/** The measured sites drawn on the posed avatar: the tape at each measured plane over the site's body parts. */
function avatarLoops(result: BodyMeasurementResult, avatar: ScanAvatarInput): NamedLoop[] {
  const loops: NamedLoop[] = [];
  for (const site of result.sites) {
    const tape = siteTape(avatar.model, avatar.fit.posed.positionsM, { field: site.field, centreM: site.centerM, normal: site.normal });
    if (tape) loops.push({ name: site.field, pointsM: tape.ringM, perimeterM: tape.perimeterM });
  }
  return loops;
}

/** What the model GLB says when it is the posed avatar. */
function avatarExtras(fit: ModelFit): Record<string, unknown> {
  return {
    source: 'fitted body model posed like the capture',
    residualRmsMm: Math.round(fit.residualRmsMm * 10) / 10,
    coverage: Math.round(fit.coverage * 1000) / 1000,
  };
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

const round5 = (v: number): number => Math.round(v * 1e5) / 1e5;

/** Source-vertex colours (rgb) repeated for the unwrapped mesh's vertices (seam duplicates included). */
function perUnwrappedVertex(colors: Uint8Array, sourceVertex: Uint32Array): Uint8Array {
  const out = new Uint8Array(sourceVertex.length * 3);
  for (let v = 0; v < sourceVertex.length; v++) {
    const s = sourceVertex[v] * 3;
    out[v * 3] = colors[s]; out[v * 3 + 1] = colors[s + 1]; out[v * 3 + 2] = colors[s + 2];
  }
  return out;
}

/**
 * The generated skin texture (captures without colours: phone recordings, most PLY clouds) and its
 * PNG, made once per process: both are the same bytes for every scan, and encoding the 1024² PNG
 * alone cost ~230 ms of each scan's asset stage. Read only (the file bytes handed out are copies).
 */
let generatedTextureCache: { image: RgbaImage; png: Uint8Array } | null = null;
function generatedTexture(): { image: RgbaImage; png: Uint8Array } {
  if (!generatedTextureCache) {
    const image = generatedSkinTexture();
    generatedTextureCache = { image, png: encodePng(image, true) };
  }
  return generatedTextureCache;
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
