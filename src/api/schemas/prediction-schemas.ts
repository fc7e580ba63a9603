import { Type } from 'typebox';
import { PREDICTION_STATUSES, PREDICTION_TYPES } from '../../domain/scan.ts';
import { UNIT_SYSTEMS } from '../../domain/units.ts';
import { DateTime, Nullable, StringEnum } from './common.ts';
import { BodyfatSchema, FailureSchema, MeasurementsSchema } from './scan-schemas.ts';

export const CreatePredictionBody = Type.Object({
  scanId: Type.String({ minLength: 1 }),
  predictionType: StringEnum(PREDICTION_TYPES),
  targetWeight: Type.Optional(Type.Number({ minimum: 1, description: 'kg, whatever unit-system says' })),
  targetBodyfat: Type.Optional(Type.Number({ minimum: 1, description: 'percent' })),
}, { additionalProperties: false });

export const PredictionSchema = Type.Object({
  id: Type.String(),
  status: StringEnum(PREDICTION_STATUSES),
  scanId: Type.String(),
  predictionType: StringEnum(PREDICTION_TYPES),
  targetWeight: Type.Optional(Type.Number({ description: 'the target given (kg); in lb with unit-system=imperial' })),
  targetBodyfat: Type.Optional(Type.Number()),
  createdAt: DateTime,
  updatedAt: DateTime,
  failure: FailureSchema,
  predictedWeight: Nullable(Type.Object({ value: Type.Number(), unit: StringEnum(['kg', 'lb'] as const) }, {
    description: 'Addition to the interface: the body weight the prediction reaches.',
  })),
  predictedMeasurements: Nullable(MeasurementsSchema),
  predictedBodyfat: Nullable(BodyfatSchema),
}, { title: 'BodyShapePrediction' });

export const PredictionIdParams = Type.Object({ bodyShapePredictionId: Type.String() });

export const PredictionUnitQuery = Type.Object({ 'unit-system': Type.Optional(StringEnum(UNIT_SYSTEMS)) }, { additionalProperties: false });

export const PredictionListQuery = Type.Object({
  'unit-system': Type.Optional(StringEnum(UNIT_SYSTEMS)),
  order: Type.Optional(StringEnum(['asc', 'desc'] as const)),
}, { additionalProperties: false });

export const PredictionAssetUrlsSchema = Type.Object({ bodyShapePrediction: Nullable(Type.String()) }, { title: 'PredictionAssetUrls' });
