// The shapes the console reads: the subset of the API's schemas (docs/openapi.json) it shows.

export interface Identity { partner: string; environment: 'sandbox' | 'production' }

export interface Quantity { value: number; unit: string }

export interface User {
  id: string; token: string; email: string | null; sex: string; region: string; birthDate: string;
  weight: Quantity; height: Quantity;
}

export interface Page<T> { results: T[]; pageInfo: { cursor: string | null } }

export type StageState = 'started' | 'succeeded' | 'failed' | null;

export interface ScanAssets {
  captureData: StageState; body: StageState; fittedBody: StageState; measurement: StageState;
}

export type Measurements = Record<string, number | null>;

export interface Bodyfat {
  bodyfatMethod: string; bodyfatPercentage: number | null; leanMassPercentage: number | null;
  fatMass: number | null; leanMass: number | null; [field: string]: number | string | null;
}

export interface Scan {
  id: string; status: 'CREATED' | 'PROCESSING' | 'READY' | 'FAILED'; userToken: string; createdAt: string; updatedAt: string;
  bodyfatMethod: string; weight: Quantity; height: Quantity; scanAssets: ScanAssets;
  measurements: Measurements | null; bodyfat: Bodyfat | null;
  failure: { code: string; message: string } | null;
  fitErrorMm?: Record<string, number> | null;
  bodyFit?: Record<string, unknown> | null;
}

export interface Prediction {
  id: string; status: 'CREATED' | 'PROCESSING' | 'READY' | 'FAILED'; scanId: string; predictionType: string;
  createdAt: string; failure: { code: string; message: string } | null;
  predictedWeight: Quantity | null; predictedMeasurements: Measurements | null; predictedBodyfat: Bodyfat | null;
}

export type AssetUrls = Record<string, string | null>;

export const BODYFAT_METHODS = [
  'adam', 'army', 'army_athlete', 'coco', 'coco_bri', 'coco_legacy', 'coco2', 'coco2_oc', 'extended_navy_thinboost', 'tina_fit',
] as const;

export const STAGES = ['captureData', 'body', 'fittedBody', 'measurement'] as const;
