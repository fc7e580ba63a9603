import type { BodyfatMethod } from './body-composition.ts';
import type { Measurements } from './measurements.ts';
import type { Bodyfat } from './body-composition.ts';
import type { Height, Weight } from './user.ts';

export const SCAN_STATUSES = ['CREATED', 'PROCESSING', 'READY', 'FAILED'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

export const DEVICE_CONFIG_NAMES = ['IPHONE_SCANNER', 'ANDROID_SCANNER'] as const;
export type DeviceConfigName = (typeof DEVICE_CONFIG_NAMES)[number];

/** Known assetConfigId values (interface) and what each yields (docs/assets.md). */
export const ASSET_CONFIGS = {
  '25f6d3a6-a634-40c3-8452-0342bee242d0': 'Default native pipeline',
  'ee651a9e-6de1-4621-a5c9-5d31ca874718': 'Default web pipeline',
  'c979ab6b-e46b-4c1c-89e1-bb02435b5cbf': 'Legacy native pipeline',
} as const;
export type AssetConfigId = keyof typeof ASSET_CONFIGS;
export const DEFAULT_ASSET_CONFIG_ID: AssetConfigId = '25f6d3a6-a634-40c3-8452-0342bee242d0';
export const LEGACY_ASSET_CONFIG_ID: AssetConfigId = 'c979ab6b-e46b-4c1c-89e1-bb02435b5cbf';

export function isAssetConfigId(value: string): value is AssetConfigId {
  return Object.hasOwn(ASSET_CONFIGS, value);
}

/** Pipeline stages in order; each goes null -> started -> succeeded | failed. */
export const ASSET_STAGES = ['captureData', 'body', 'fittedBody', 'measurement'] as const;
export type AssetStage = (typeof ASSET_STAGES)[number];
export const ASSET_STAGE_STATES = ['started', 'succeeded', 'failed'] as const;
export type AssetStageState = (typeof ASSET_STAGE_STATES)[number];

/** Asset addresses: object keys and their kebab-case path values (README, docs/assets.md). */
export const ASSET_TYPES = {
  previewImage: 'preview-image',
  model: 'model',
  canonicalBody: 'canonical-body',
  texture: 'texture',
  material: 'material',
  stripes: 'stripes',
  captureVideo: 'capture-video',
} as const;
export type AssetKey = keyof typeof ASSET_TYPES;
export type AssetTypePath = (typeof ASSET_TYPES)[AssetKey];

export interface ScanAssets {
  id: string;
  scanId: string;
  captureData: AssetStageState | null;
  captureDataUpdatedAt: Date | null;
  body: AssetStageState | null;
  bodyUpdatedAt: Date | null;
  fittedBody: AssetStageState | null;
  fittedBodyUpdatedAt: Date | null;
  measurement: AssetStageState | null;
  measurementUpdatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ScanFailure { code: string; message: string }

export interface Scan {
  id: string;
  status: ScanStatus;
  providerScanId: string;
  deviceConfigName: DeviceConfigName;
  assetConfigId: AssetConfigId;
  bodyfatMethod: BodyfatMethod;
  weight: Weight;
  height: Height;
  userId: string;
  userToken: string;
  createdAt: Date;
  updatedAt: Date;
  scanAssets: ScanAssets;
  measurements: Measurements | null;
  bodyfat: Bodyfat | null;
  failure: ScanFailure | null;
  /** Body model fit error per measurement site (model girth - measured girth, mm), for support. */
  fitErrorMm: Record<string, number> | null;
  /** How well the body model fitted the capture and how much of each tape ran over seen surface; null when not fitted. */
  bodyFit: BodyFitReport | null;
}

/**
 * The body model's fit to a capture, as support reads it: RMS of capture-to-model distance (mm),
 * the fraction of the model's surface the capture covers (0..1), the RMS per body part (mm), and per
 * girth the fraction of its tape that ran over observed surface (the rest bridged a gap: an arm
 * resting on the torso, a hole).
 */
export interface BodyFitReport {
  residualRmsMm: number;
  coverage: number;
  partResidualRmsMm: Record<string, number>;
  siteObservedFraction: Record<string, number>;
  /**
   * Per girth, the fraction of the tape completed from the fitted model across a hole in the
   * capture (absent on scans measured before it was reported).
   */
  siteFilledFraction?: Record<string, number>;
}

/** The fit report from a measurement's diagnostics and site qualities; null when no model was fitted. */
export function bodyFitReportOf(
  diagnostics: Record<string, number | string | boolean>, siteQuality: readonly { field: string; observedFraction: number; filledFraction?: number }[] | undefined,
): BodyFitReport | null {
  const residual = diagnostics.fitResidualRmsMm, coverage = diagnostics.fitCoverage;
  if (typeof residual !== 'number' || typeof coverage !== 'number') return null;
  const partResidualRmsMm: Record<string, number> = {};
  for (const [key, value] of Object.entries(diagnostics)) {
    if (key.startsWith('fitResidualMm.') && typeof value === 'number') partResidualRmsMm[key.slice('fitResidualMm.'.length)] = value;
  }
  const siteObservedFraction: Record<string, number> = {};
  const siteFilledFraction: Record<string, number> = {};
  for (const site of siteQuality ?? []) {
    siteObservedFraction[site.field] = Math.round(site.observedFraction * 1000) / 1000;
    siteFilledFraction[site.field] = Math.round((site.filledFraction ?? 0) * 1000) / 1000;
  }
  return { residualRmsMm: residual, coverage, partResidualRmsMm, siteObservedFraction, siteFilledFraction };
}

export const PREDICTION_TYPES = ['weight_loss', 'weight_gain'] as const;
export type PredictionType = (typeof PREDICTION_TYPES)[number];
export const PREDICTION_STATUSES = ['CREATED', 'PROCESSING', 'READY', 'FAILED'] as const;
export type PredictionStatus = (typeof PREDICTION_STATUSES)[number];

export interface BodyShapePrediction {
  id: string;
  status: PredictionStatus;
  scanId: string;
  predictionType: PredictionType;
  targetWeight: number | null;
  targetBodyfat: number | null;
  createdAt: Date;
  updatedAt: Date;
  failure: ScanFailure | null;
  /** Predicted results once READY (documented additions to the interface). */
  predictedWeightKg: number | null;
  predictedMeasurements: Measurements | null;
  predictedBodyfat: Bodyfat | null;
}
