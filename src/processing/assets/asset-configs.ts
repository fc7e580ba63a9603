/** The asset configurations of the interface (assetConfigId values) and the pipeline each selects. */
export const DEFAULT_NATIVE_CONFIG_ID = '25f6d3a6-a634-40c3-8452-0342bee242d0';
export const DEFAULT_WEB_CONFIG_ID = 'ee651a9e-6de1-4621-a5c9-5d31ca874718';
export const LEGACY_NATIVE_CONFIG_ID = 'c979ab6b-e46b-4c1c-89e1-bb02435b5cbf';

/** The scan asset kinds: the keys of the interface's scan asset addresses object (captureVideo aside). */
export const SCAN_ASSET_KINDS = ['model', 'canonicalBody', 'texture', 'material', 'previewImage', 'stripes'] as const;
export type ScanAssetKind = (typeof SCAN_ASSET_KINDS)[number];

/** 'glb': binary glTF with embedded texture and material; 'obj': OBJ + MTL + PNG texture. */
export type AssetPipeline = 'glb' | 'obj';

/** The pipeline of a configuration id; null when the id is not a known configuration. */
export function pipelineOf(assetConfigId: string): AssetPipeline | null {
  switch (assetConfigId) {
    case DEFAULT_NATIVE_CONFIG_ID:
    case DEFAULT_WEB_CONFIG_ID:
      return 'glb';
    case LEGACY_NATIVE_CONFIG_ID:
      return 'obj';
    default:
      return null;
  }
}

/**
 * Which asset kinds a configuration produces. The GLB pipelines carry the material inside the GLB,
 * so they have no separate `material` file (a single-asset read of it is a 404 there).
 */
export function assetKindsOf(assetConfigId: string): readonly ScanAssetKind[] {
  const pipeline = pipelineOf(assetConfigId);
  if (pipeline === 'glb') return ['model', 'canonicalBody', 'texture', 'previewImage', 'stripes'];
  if (pipeline === 'obj') return SCAN_ASSET_KINDS;
  return [];
}
