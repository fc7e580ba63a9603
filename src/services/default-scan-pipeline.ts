import type { Measurements } from '../domain/measurements.ts';
import { ProcessingFailure } from '../domain/processing-failure.ts';
import type { AssetKey } from '../domain/scan.ts';
import { writeMeshGlb } from '../processing/assets/glb-mesh-writer.ts';
import { writeMtl } from '../processing/assets/obj-writer.ts';
import { buildScanAssets, modelSkin, type ScanAvatarInput } from '../processing/assets/build-scan-assets.ts';
import { fitPosableModel } from '../processing/body-model/fit-posable-model.ts';
import { requireRecordOfModel } from '../processing/body-model/fitted-body-record.ts';
import { loadPosableBodyModel } from '../processing/body-model/load-posable-model.ts';
import { predictedAvatar, scanAvatar } from '../processing/body-model/scan-avatar.ts';
import type { BodyMeasurementResult } from '../domain/body-scan-result.ts';
import { readCapture } from '../processing/capture/read-capture.ts';
import { reconstructedCapture } from '../processing/recording-reconstruction/capture-surface.ts';
import { measureBody } from '../processing/measure/measure-body.ts';
import { posableModelFitter } from '../processing/measure/model-fitter.ts';
import type { ModelFit } from '../processing/body-model/posable-model-types.ts';
import { generateSyntheticBody } from '../processing/synthetic-body/generate.ts';
import type { AssetFile, FittedBody, PredictedBodyFile, ScanPipeline } from './scan-pipeline.ts';
import type { FittedBodyRecord } from '../domain/fitted-body-record.ts';

/**
 * The production pipeline: the capture readers, the measuring code, the posable body model (fitted
 * to every capture: the scan's avatar, its canonical body and its predictions) and the asset writers
 * of src/processing. A sandbox descriptor capture becomes a synthetic body here.
 */
/**
 * Steps inside the measure stage, told to an observer as each starts (benchmarks split the stage's
 * time with it): the phone recording's reconstruction, the body model fit, and the rest of measuring
 * (slices, segmentation, girths, volume).
 */
export type MeasureStep = 'reconstruct' | 'fit' | 'measure';

export function defaultScanPipeline(options: { onMeasureStep?: (step: MeasureStep) => void } = {}): ScanPipeline {
  const onStep = options.onMeasureStep ?? (() => undefined);
  // The fit measuring made (the measuring labels the capture with it), reused by the fit stage, and
  // the fit stage's avatar, reused by the asset stage: one fit per scan.
  const fitsOfResults = new WeakMap<BodyMeasurementResult, ModelFit>();
  const avatars = new WeakMap<FittedBody, ScanAvatarInput>();
  const fitScan = (result: BodyMeasurementResult): { fitted: FittedBody; avatar: ScanAvatarInput } => {
    const model = loadPosableBodyModel();
    const { positions, normals } = result.canonical;
    const fit = fitsOfResults.get(result)
      ?? fitPosableModel(model, positions, positions.length / 3, { normals: normals && normals.length === positions.length ? normals : null });
    const { record, fitErrorMmBySite } = scanAvatar(model, fit, result);
    const fitted: FittedBody = { record, fitErrorMmBySite };
    return { fitted, avatar: { model, fit, record } };
  };
  return {
    read: (bytes) => readCapture(bytes),

    measure(capture, context) {
      // Real captures (and phone recordings, once reconstructed into a surface) are segmented by the
      // posable body model fitted to them (arms resting on the torso, heavy bodies). Sandbox bodies
      // given as a descriptor are synthetic A-pose tubes the slice topology reads exactly (their
      // girths are the sandbox's documented truth). The fit is kept for the fit stage.
      if (capture.recording || capture.sandboxDescriptor?.recording) onStep('reconstruct');
      const reconstructed = reconstructedCapture(capture);
      onStep('measure');
      if (capture.sandboxDescriptor && !reconstructed) {
        const body = generateSyntheticBody(capture.sandboxDescriptor);
        return measureBody(body.geometry, { unit: 'm', upAxis: '+y' }, context);
      }
      const fitter = posableModelFitter(context);
      let modelFit: ModelFit | null = null;
      const result = measureBody(reconstructed?.geometry ?? capture.geometry, reconstructed?.hints ?? capture.hints, context, {
        fitter: {
          ...fitter,
          fit: (pointsM, count) => {
            onStep('fit');
            modelFit = fitter.fit(pointsM, count);
            onStep('measure');
            return modelFit;
          },
        },
      });
      // The fit is keyed by the result the fit stage will get: for a recording that is the copy
      // carrying the reconstruction's diagnostics (keyed by the original, the fit stage missed it
      // and fitted a second time, 0.7-1.0 s of a 250-frame recording's 6 s).
      const out = reconstructed ? { ...result, diagnostics: { ...result.diagnostics, ...reconstructed.diagnostics } } : result;
      if (modelFit) fitsOfResults.set(out, modelFit);
      return out;
    },

    fit(result) {
      const { fitted, avatar } = fitScan(result);
      avatars.set(fitted, avatar);
      return fitted;
    },

    assets(result, fitted, capture, assetConfigId) {
      // The fit stage's avatar: the stages run in order on one pipeline, so a miss is a defect, not
      // a reason to fit a second time (a second fit could differ from the record the scan keeps).
      const avatar = avatars.get(fitted);
      if (!avatar) throw new Error('the asset stage got a fitted body this pipeline did not fit');
      const files = buildScanAssets(result, assetConfigId, avatar);
      // The GLB pipelines carry their material inside the GLB; `material` still answers its MTL equivalent.
      if (!files.material && files.texture) files.material = { fileName: 'material.mtl', contentType: 'model/mtl', bytes: writeMtl('body', 'texture.png') };
      const out: AssetFile[] = [];
      for (const [assetKey, file] of Object.entries(files)) {
        if (file) out.push({ assetKey: assetKey as AssetKey, ...file });
      }
      return out;
    },

    predictedBody(fitted: FittedBodyRecord, predicted: Measurements): PredictedBodyFile {
      const model = loadPosableBodyModel();
      let record: FittedBodyRecord;
      try {
        record = requireRecordOfModel(fitted, model);
      } catch (error) {
        // Fitted by another body model (a rebuilt model): its coefficients mean nothing here.
        throw new ProcessingFailure('internal_error', `The scan's fitted body cannot be re-shaped: ${(error as Error).message}.`);
      }
      const avatar = predictedAvatar(model, record, predicted);
      const round1 = (v: number): number => Math.round(v * 10) / 10 || 0; // no -0 in JSON
      const diagnostics = {
        girthErrorMm: Object.fromEntries(Object.entries(avatar.girthErrorMm).map(([field, mm]) => [field, round1(mm!)])),
        volumeErrorPercent: Math.round(avatar.volumeErrorPercent * 100) / 100,
        statureChangeMm: round1(avatar.statureChangeMm),
        iterations: avatar.iterations,
      };
      return {
        assetKey: 'bodyShapePrediction' as const,
        fileName: 'predicted-body.glb',
        contentType: 'model/gltf-binary',
        bytes: writeMeshGlb({ positionsM: avatar.body.positionsM, indices: avatar.body.triangles, normals: null, colors: null, uvs: null }, {
          name: 'predicted-body', skin: modelSkin(model, avatar.body.boneHeadM),
          extras: { frame: 'metres, Y up, facing +Z, feet at y = 0', pose: 'rest A-pose of the body model', source: 'fitted body re-shaped to the predicted girths and volume', shape: Array.from(avatar.shape), ...diagnostics },
        }),
        diagnostics,
      };
    },
  };
}
