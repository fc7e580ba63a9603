import type { Bodyfat, BodyfatMethod, PersonAtScan } from '../domain/body-composition.ts';
import { AppError } from '../domain/error-catalog.ts';
import type { Measurements } from '../domain/measurements.ts';
import { ASSET_TYPES, type AssetKey, type Scan } from '../domain/scan.ts';
import { heightInM, weightInKg } from '../domain/units.ts';
import { ageInYears, type User } from '../domain/user.ts';
import { computeBodyfat } from '../processing/body-composition/compute-bodyfat.ts';
import type { Tenant } from './ports.ts';
import { requireReadyScan } from './scan-service.ts';
import type { ServiceContext } from './service-context.ts';

/** The person as they were when the scan was taken: age at scan time, the scan's height and weight (SI). */
export function personAtScan(user: User, scan: Scan): PersonAtScan {
  return {
    sex: user.sex,
    ageYears: ageInYears(user.birthDate, scan.createdAt),
    heightM: heightInM(scan.height),
    weightKg: weightInKg(scan.weight),
  };
}

export async function getMeasurements(context: ServiceContext, tenant: Tenant, scanId: string): Promise<Measurements> {
  const scan = await requireReadyScan(context, tenant, scanId);
  if (!scan.measurements) throw new AppError('internal_error', 'A READY scan has no measurements.');
  return scan.measurements;
}

export async function getBodyfat(context: ServiceContext, tenant: Tenant, scanId: string): Promise<Bodyfat> {
  const scan = await requireReadyScan(context, tenant, scanId);
  if (!scan.bodyfat) throw new AppError('internal_error', 'A READY scan has no body composition.');
  return scan.bodyfat;
}

/** PATCH /scans/{id}/bodyfat: recomputes from the stored measurements with `method` and keeps it as the scan's method. */
export async function changeBodyfatMethod(context: ServiceContext, tenant: Tenant, scanId: string, method: BodyfatMethod): Promise<Bodyfat> {
  const scan = await requireReadyScan(context, tenant, scanId);
  const owned = await context.db.scans.findOwnedScan(scan.id);
  if (!owned || !scan.measurements) throw new AppError('scan_not_found', `No scan with id "${scanId}".`);
  const bodyfat = computeBodyfat(method, personAtScan(owned.user, scan), scan.measurements);
  await context.db.scans.updateScanBodyfat(scan.id, method, bodyfat, context.clock.now());
  context.logger.info({ scanId, method, methodUsed: bodyfat.methodUsed ?? method }, 'body composition recomputed');
  return bodyfat;
}

const ASSET_KEYS = Object.keys(ASSET_TYPES) as AssetKey[];

/** Signed, expiring download addresses of every asset key; null where the scan has no such file. */
export async function getAssetUrls(context: ServiceContext, tenant: Tenant, scanId: string): Promise<Record<AssetKey, string | null>> {
  const scan = await requireReadyScan(context, tenant, scanId);
  const files = new Map((await context.db.files.listStoredFiles(scan.id)).map((file) => [file.assetKey, file]));
  const expiresAt = new Date(context.clock.now().getTime() + context.settings.downloadUrlTtlS * 1000);
  const urls = {} as Record<AssetKey, string | null>;
  for (const key of ASSET_KEYS) {
    const file = files.get(key);
    urls[key] = file ? await context.store.presignDownload(file.objectKey, expiresAt) : null;
  }
  return urls;
}

/** One asset's address by its kebab-case path name (`preview-image`, ...). */
export async function getAssetUrl(context: ServiceContext, tenant: Tenant, scanId: string, assetType: string): Promise<string> {
  const key = ASSET_KEYS.find((candidate) => ASSET_TYPES[candidate] === assetType);
  if (!key) {
    throw new AppError('invalid_asset_type', `Unknown assetType "${assetType}"; allowed: ${Object.values(ASSET_TYPES).join(', ')}.`, [
      { path: '/params/assetType', message: `must be one of: ${Object.values(ASSET_TYPES).join(', ')}` },
    ]);
  }
  const url = (await getAssetUrls(context, tenant, scanId))[key];
  if (url === null) throw new AppError('asset_not_found', `This scan has no ${assetType} asset in its configuration.`);
  return url;
}
