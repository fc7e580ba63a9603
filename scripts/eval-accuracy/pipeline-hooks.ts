// Finds the function under evaluation without a hard import, so the evaluation runs (and reports
// what is missing) while it is being written:
//   measureBody(geometry, hints, context): BodyMeasurementResult   in src/processing/measure/
// A folder's file that declares `export function <name>` (or `export async function`) is imported.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BodyMeasurementResult, MeasureContext } from '../../src/domain/body-scan-result.ts';
import type { CaptureGeometry, CaptureHints } from '../../src/domain/capture-geometry.ts';

export type MeasureBody = (geometry: CaptureGeometry, hints: CaptureHints, context: MeasureContext) => BodyMeasurementResult | Promise<BodyMeasurementResult>;

const processingDir = resolve(import.meta.dirname, '..', '..', 'src', 'processing');

/** The file (and its module) in `folder` that exports function `name`, or null. */
async function findExport(folder: string, name: string): Promise<{ file: string; fn: (...args: never[]) => unknown } | null> {
  const dir = join(processingDir, folder);
  if (!existsSync(dir)) return null;
  const declares = new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+const\\s+${name}\\b`);
  const preferred = `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.ts`;
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort((a, b) => Number(b === preferred) - Number(a === preferred));
  for (const file of files) {
    const path = join(dir, file);
    if (!declares.test(readFileSync(path, 'utf8'))) continue;
    const module = (await import(path)) as Record<string, unknown>;
    if (typeof module[name] === 'function') return { file: `src/processing/${folder}/${file}`, fn: module[name] as (...args: never[]) => unknown };
  }
  return null;
}

export async function findMeasureBody(): Promise<{ file: string; measureBody: MeasureBody } | null> {
  const found = await findExport('measure', 'measureBody');
  return found && { file: found.file, measureBody: found.fn as unknown as MeasureBody };
}
