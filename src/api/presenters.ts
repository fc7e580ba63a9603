import type { Bodyfat } from '../domain/body-composition.ts';
import { CIRCUMFERENCE_FIELDS, type Measurements } from '../domain/measurements.ts';
import type { BodyShapePrediction, Scan, ScanAssets } from '../domain/scan.ts';
import {
  presentHeight, presentLengthM, presentMassKg, presentVolumeM3, presentWeight, type UnitSystem,
} from '../domain/units.ts';
import type { TermsAcceptance, User } from '../domain/user.ts';

/** Domain objects -> wire objects: ISO date-times, units of the requested `unit-system`. */
const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());

export function presentUser(user: User, system?: UnitSystem) {
  return {
    id: user.id,
    token: user.token,
    email: user.email,
    sex: user.sex,
    region: user.region,
    ...(user.usaResidence === null ? {} : { usaResidence: user.usaResidence }),
    birthDate: user.birthDate,
    weight: presentWeight(user.weight, system),
    height: presentHeight(user.height, system),
    researchConsent: user.researchConsent,
  };
}

export function presentTerms(terms: TermsAcceptance) {
  return { ...terms, acceptanceDate: iso(terms.acceptanceDate) };
}

export function presentScanAssets(assets: ScanAssets) {
  return {
    ...assets,
    captureDataUpdatedAt: isoOrNull(assets.captureDataUpdatedAt),
    bodyUpdatedAt: isoOrNull(assets.bodyUpdatedAt),
    fittedBodyUpdatedAt: isoOrNull(assets.fittedBodyUpdatedAt),
    measurementUpdatedAt: isoOrNull(assets.measurementUpdatedAt),
    createdAt: iso(assets.createdAt),
    updatedAt: iso(assets.updatedAt),
  };
}

/** Circumferences m -> in and volume m^3 -> ft^3 for imperial; ratios, BMI, BRI unchanged. */
export function presentMeasurements(measurements: Measurements, system?: UnitSystem): Measurements {
  const result = { ...measurements };
  for (const field of CIRCUMFERENCE_FIELDS) result[field] = presentLengthM(measurements[field], system);
  result.fullBodyVolume = presentVolumeM3(measurements.fullBodyVolume, system);
  return result;
}

/** Masses kg -> lb for imperial; percentages unchanged. */
export function presentBodyfat(bodyfat: Bodyfat, system?: UnitSystem): Bodyfat {
  const mass = (value: number | null): number | null => (value === null ? null : presentMassKg(value, system));
  return {
    ...bodyfat,
    fatMass: mass(bodyfat.fatMass),
    leanMass: mass(bodyfat.leanMass),
    vatMass: mass(bodyfat.vatMass),
    appendicularLeanMass: mass(bodyfat.appendicularLeanMass),
    skeletalMuscleMass: mass(bodyfat.skeletalMuscleMass),
  };
}

export function presentScan(scan: Scan, system?: UnitSystem) {
  return {
    id: scan.id,
    status: scan.status,
    providerScanId: scan.providerScanId,
    deviceConfigName: scan.deviceConfigName,
    assetConfigId: scan.assetConfigId,
    bodyfatMethod: scan.bodyfatMethod,
    weight: presentWeight(scan.weight, system),
    height: presentHeight(scan.height, system),
    userId: scan.userId,
    userToken: scan.userToken,
    createdAt: iso(scan.createdAt),
    updatedAt: iso(scan.updatedAt),
    scanAssets: presentScanAssets(scan.scanAssets),
    measurements: scan.measurements === null ? null : presentMeasurements(scan.measurements, system),
    bodyfat: scan.bodyfat === null ? null : presentBodyfat(scan.bodyfat, system),
    failure: scan.failure,
    fitErrorMm: scan.fitErrorMm,
    bodyFit: scan.bodyFit,
  };
}

export function presentPrediction(prediction: BodyShapePrediction, system?: UnitSystem) {
  return {
    id: prediction.id,
    status: prediction.status,
    scanId: prediction.scanId,
    predictionType: prediction.predictionType,
    // Given in kg (an input keeps its unit), read back in the unit system asked for, like predictedWeight.
    ...(prediction.targetWeight === null ? {} : { targetWeight: presentMassKg(prediction.targetWeight, system) }),
    ...(prediction.targetBodyfat === null ? {} : { targetBodyfat: prediction.targetBodyfat }),
    createdAt: iso(prediction.createdAt),
    updatedAt: iso(prediction.updatedAt),
    failure: prediction.failure,
    predictedWeight: prediction.predictedWeightKg === null ? null : presentWeight({ value: prediction.predictedWeightKg, unit: 'kg' }, system ?? 'metric'),
    predictedMeasurements: prediction.predictedMeasurements === null ? null : presentMeasurements(prediction.predictedMeasurements, system),
    predictedBodyfat: prediction.predictedBodyfat === null ? null : presentBodyfat(prediction.predictedBodyfat, system),
  };
}
