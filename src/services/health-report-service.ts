import { AppError } from '../domain/error-catalog.ts';
import { presentLengthM, presentMassKg, type UnitSystem } from '../domain/units.ts';
import { buildHealthReport, type HealthReport } from '../processing/health-report/build-health-report.ts';
import type { MetricSection } from '../processing/health-report/health-report-types.ts';
import type { Tenant } from './ports.ts';
import { personAtScan } from './scan-results-service.ts';
import { requireReadyScan } from './scan-service.ts';
import type { ServiceContext } from './service-context.ts';

/** GET /scans/{id}/health-report: built from the stored measurements and body composition. */
export async function getHealthReport(context: ServiceContext, tenant: Tenant, scanId: string, system: UnitSystem | undefined): Promise<HealthReport> {
  const scan = await requireReadyScan(context, tenant, scanId);
  const owned = await context.db.scans.findOwnedScan(scan.id);
  if (!owned || !scan.measurements || !scan.bodyfat) throw new AppError('scan_not_found', `No scan with id "${scanId}".`);
  const person = personAtScan(owned.user, scan);
  const report = buildHealthReport({
    scan: { id: scan.id, createdAt: scan.createdAt.toISOString(), bodyfatMethod: scan.bodyfatMethod },
    user: { token: owned.user.token, ...person },
    measurements: scan.measurements,
    bodyfat: scan.bodyfat,
  });
  return system === 'imperial' ? imperialReport(report) : report;
}

type Section = MetricSection & Record<string, unknown>;

/** Converts a section's value, its band edges and its percentile reference values into `unit`. */
function convertSection<S extends MetricSection>(section: S, valueField: string, convert: (value: number) => number, unit: string, withBands: boolean): S {
  const copy = structuredClone(section) as unknown as Section;
  const value = copy[valueField];
  if (typeof value === 'number') copy[valueField] = convert(value);
  copy.unit = unit;
  if (withBands && copy.healthLabel) {
    for (const group of copy.healthLabel.groups) {
      if (group.min !== null) group.min = convert(group.min);
      if (group.max !== null) group.max = convert(group.max);
    }
  }
  if (copy.percentile) for (const point of copy.percentile.groups) point.value = convert(point.value);
  return copy as unknown as S;
}

/** imperial: masses in lb, the waist in inches; ratios and percentages unchanged. */
function imperialReport(report: HealthReport): HealthReport {
  const lb = (kg: number): number => presentMassKg(kg, 'imperial');
  const inches = (m: number): number => presentLengthM(m, 'imperial');
  return {
    ...report,
    leanMassReport: convertSection(report.leanMassReport, 'leanMass', lb, 'lb', true),
    fatMassReport: convertSection(report.fatMassReport, 'fatMass', lb, 'lb', true),
    waistCircumferenceReport: convertSection(report.waistCircumferenceReport, 'waistCircumference', inches, 'in', true),
    appendicularLeanMassReport: convertSection(report.appendicularLeanMassReport, 'appendicularLeanMass', lb, 'lb', true),
    // Its bands are on the skeletal muscle index (% of body mass), which has no unit to convert.
    skeletalMuscleMassReport: convertSection(report.skeletalMuscleMassReport, 'skeletalMuscleMass', lb, 'lb', false),
  };
}
