import { Type } from 'typebox';
import { BODYFAT_METHODS } from '../../domain/body-composition.ts';
import { MEASUREMENT_FIELDS } from '../../domain/measurements.ts';
import { ASSET_STAGE_STATES, DEVICE_CONFIG_NAMES, SCAN_STATUSES, ASSET_TYPES } from '../../domain/scan.ts';
import { UNIT_SYSTEMS } from '../../domain/units.ts';
import { DateTime, HeightSchema, Nullable, StringEnum, WeightSchema } from './common.ts';

const stageState = Nullable(StringEnum(ASSET_STAGE_STATES));

export const ScanAssetsSchema = Type.Object({
  id: Type.String(),
  scanId: Type.String(),
  captureData: stageState,
  captureDataUpdatedAt: Nullable(DateTime),
  body: stageState,
  bodyUpdatedAt: Nullable(DateTime),
  fittedBody: stageState,
  fittedBodyUpdatedAt: Nullable(DateTime),
  measurement: stageState,
  measurementUpdatedAt: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
}, { title: 'ScanAssets' });

export const MeasurementsSchema = Type.Object(
  Object.fromEntries(MEASUREMENT_FIELDS.map((field) => [field, Type.Number()])),
  { title: 'Measurements', description: 'Circumferences in m (in when imperial), fullBodyVolume in m^3 (ft^3 when imperial); ratios, BMI, BRI unitless.' },
);

const nullableNumber = Nullable(Type.Number());
export const BodyfatSchema = Type.Object({
  bodyfatMethod: StringEnum(BODYFAT_METHODS),
  bodyfatPercentage: nullableNumber,
  leanMassPercentage: nullableNumber,
  fatMass: nullableNumber,
  leanMass: nullableNumber,
  vatPercentage: nullableNumber,
  vatMass: nullableNumber,
  appendicularLeanMassPercentage: nullableNumber,
  appendicularLeanMass: nullableNumber,
  skeletalMuscleMassPercentage: nullableNumber,
  skeletalMuscleMass: nullableNumber,
}, { title: 'Bodyfat', description: 'Masses in kg (lb when imperial).' });

export const FailureSchema = Nullable(Type.Object({ code: Type.String(), message: Type.String() }, {
  title: 'Failure',
  description: 'Why processing failed (addition to the interface): a machine code and a sentence.',
}));

export const ScanSchema = Type.Object({
  id: Type.String(),
  status: StringEnum(SCAN_STATUSES),
  providerScanId: Type.String(),
  deviceConfigName: StringEnum(DEVICE_CONFIG_NAMES),
  assetConfigId: Type.String({ format: 'uuid' }),
  bodyfatMethod: StringEnum(BODYFAT_METHODS),
  weight: WeightSchema,
  height: HeightSchema,
  userId: Type.String(),
  userToken: Type.String(),
  createdAt: DateTime,
  updatedAt: DateTime,
  scanAssets: ScanAssetsSchema,
  measurements: Nullable(MeasurementsSchema),
  bodyfat: Nullable(BodyfatSchema),
  failure: FailureSchema,
  fitErrorMm: Nullable(Type.Record(Type.String(), Type.Number(), {
    description: 'Addition to the interface, for support: the body model\'s fit error per measurement site (model girth minus measured girth, mm); null until the body is fitted.',
  })),
  bodyFit: Nullable(Type.Object({
    residualRmsMm: Type.Number({ description: 'RMS distance from the capture to the fitted body model (mm)' }),
    coverage: Type.Number({ description: 'fraction of the model surface the capture covers (0..1)' }),
    partResidualRmsMm: Type.Record(Type.String(), Type.Number(), { description: 'RMS residual per body part (mm)' }),
    siteObservedFraction: Type.Record(Type.String(), Type.Number(), { description: 'per girth: fraction of the tape over observed surface; the rest bridged a gap (an arm resting on the torso) or completed from the fitted model across a hole in the capture (siteFilledFraction)' }),
    siteFilledFraction: Type.Optional(Type.Record(Type.String(), Type.Number(), { description: 'per girth: fraction of the tape completed from the fitted body model where the capture has a hole (soles, crown, armpits, crotch, part of the back); absent on scans measured before it was reported' })),
  }, { title: 'BodyFit', description: 'Addition to the interface, for support: how well the body model fitted the capture; null when no model was fitted (sandbox descriptors, scans not yet measured).' })),
}, { title: 'Scan' });

export const CreateScanBody = Type.Object({
  userToken: Type.String({ minLength: 1 }),
  deviceConfigName: StringEnum(DEVICE_CONFIG_NAMES),
  assetConfigId: Type.Optional(Type.String({ format: 'uuid' })),
  bodyfatMethod: Type.Optional(StringEnum(BODYFAT_METHODS)),
}, { additionalProperties: false, title: 'CreateScan' });

export const ListScansQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 50 }),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  order: Type.Optional(StringEnum(['asc', 'desc'] as const)),
  userToken: Type.Optional(Type.String({ minLength: 1 })),
  'unit-system': Type.Optional(StringEnum(UNIT_SYSTEMS)),
}, { additionalProperties: false });

export const ScanPageSchema = Type.Object({
  results: Type.Array(ScanSchema),
  pageInfo: Type.Object({ cursor: Nullable(Type.String()) }),
}, { title: 'ScanPage' });

export const ScanIdParams = Type.Object({ scanId: Type.String() });
export const IdParams = Type.Object({ id: Type.String() });

export const UploadAddressSchema = Type.Object({ url: Type.String(), expirationTime: DateTime }, { title: 'UploadAddress' });

export const PatchBodyfatBody = Type.Object({ bodyfatMethod: StringEnum(BODYFAT_METHODS) }, { additionalProperties: false, title: 'BodyfatMethodChange' });

const nullableUrl = Nullable(Type.String());
export const AssetUrlsSchema = Type.Object(
  Object.fromEntries(Object.keys(ASSET_TYPES).map((key) => [key, nullableUrl])),
  { title: 'ScanAssetUrls', description: 'Signed, expiring download addresses; null where the asset does not exist.' },
);

export const AssetTypeParams = Type.Object({ scanId: Type.String(), assetType: Type.String() });

export const HealthReportSchema = Type.Object({
  scan: Type.Object({}, { additionalProperties: true }),
  user: Type.Object({}, { additionalProperties: true }),
  bodyFatPercentageReport: Type.Object({}, { additionalProperties: true }),
  leanMassReport: Type.Object({}, { additionalProperties: true }),
  fatMassReport: Type.Object({}, { additionalProperties: true }),
  waistCircumferenceReport: Type.Object({}, { additionalProperties: true }),
  waistToHipRatioReport: Type.Object({}, { additionalProperties: true }),
  waistToHeightRatioReport: Type.Object({}, { additionalProperties: true }),
  metabolismReport: Type.Object({}, { additionalProperties: true }),
  metabolicAgeReport: Type.Object({}, { additionalProperties: true }),
  appendicularLeanMassReport: Type.Object({}, { additionalProperties: true }),
  skeletalMuscleMassReport: Type.Object({}, { additionalProperties: true }),
}, { title: 'HealthReport', additionalProperties: true, description: 'Inner structure: docs/health-report.md.' });
