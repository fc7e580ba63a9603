import type { Measurements } from '../domain/measurements.ts';
import { ProcessingFailure } from '../domain/processing-failure.ts';
import type { AssetKey } from '../domain/scan.ts';
import { buildScanAssets } from '../processing/assets/build-scan-assets.ts';
import { writeMeshGlb } from '../processing/assets/glb-mesh-writer.ts';
import { writeMtl } from '../processing/assets/obj-writer.ts';
import { deformToGirths } from '../processing/body-model/canonical-body.ts';
import type { BodyModelParams } from '../processing/body-model/body-params.ts';
import { fitBodyModel, type BodyFit } from '../processing/body-model/fit-body-model.ts';
import { readCapture } from '../processing/capture/read-capture.ts';
import { recordingNotReconstructed } from '../processing/capture/stray-recording/recording-not-reconstructed.ts';
import { measureBody } from '../processing/measure/measure-body.ts';
import { generateSyntheticBody } from '../processing/synthetic-body/generate.ts';
import type { AssetFile, FittedBody, ScanPipeline } from './scan-pipeline.ts';

/**
 * The production pipeline: the capture readers, the measuring code, the body model and the asset
 * writers of src/processing. A sandbox descriptor capture becomes a synthetic body here.
 */
export function defaultScanPipeline(): ScanPipeline {
  // The last fit, kept so the asset stage reuses it instead of fitting twice.
  const fits = new WeakMap<FittedBody, BodyFit>();
  return {
    read: (bytes) => readCapture(bytes),

    measure(capture, context) {
      // Integration point (issue 11): recordings (uploaded, or sandbox `recording`) need reconstruction first.
      if (capture.recording || capture.sandboxDescriptor?.recording) throw recordingNotReconstructed();
      if (capture.sandboxDescriptor) {
        const body = generateSyntheticBody(capture.sandboxDescriptor);
        return measureBody(body.geometry, { unit: 'm', upAxis: '+y' }, context);
      }
      return measureBody(capture.geometry, capture.hints, context);
    },

    fit(result) {
      const fit = fitBodyModel(result);
      const fitted: FittedBody = { parameters: fit.params, fitErrorMmBySite: fit.fitErrorMmBySite as Record<string, number> };
      fits.set(fitted, fit);
      return fitted;
    },

    assets(result, fitted, capture, assetConfigId) {
      const fit = fits.get(fitted) ?? fitBodyModel(result);
      const files = buildScanAssets(result, capture.geometry.colors && capture.geometry.colors.length === result.canonical.positions.length ? capture.geometry.colors : null, assetConfigId, fit);
      // The GLB pipelines carry their material inside the GLB; `material` still answers its MTL equivalent.
      if (!files.material && files.texture) files.material = { fileName: 'material.mtl', contentType: 'model/mtl', bytes: writeMtl('body', 'texture.png') };
      const out: AssetFile[] = [];
      for (const [assetKey, file] of Object.entries(files)) {
        if (file) out.push({ assetKey: assetKey as AssetKey, ...file });
      }
      return out;
    },

    predictedBody(fitted: FittedBody, predicted: Measurements) {
      const params = fitted.parameters as BodyModelParams | undefined;
      if (!params) throw new ProcessingFailure('measurement_failed', 'The scan has no fitted body to deform.');
      const { mesh } = deformToGirths(params, predicted);
      return {
        assetKey: 'bodyShapePrediction' as const,
        fileName: 'predicted-body.glb',
        contentType: 'model/gltf-binary',
        bytes: writeMeshGlb({ positionsM: mesh.positionsM, indices: mesh.indices, normals: null, colors: null, uvs: null }, {
          name: 'predicted-body', extras: { frame: 'metres, Y up, facing +Z, feet at y = 0', source: 'fitted body deformed to predicted girths' },
        }),
      };
    },
  };
}
