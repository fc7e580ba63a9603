// NHANES 1999–2004 DXA training extract (Krakauer 2012 compilation): adults with the inputs we fit on.
import { join } from 'node:path';
import { readTable, numberOrNull } from './read-table.ts';

export interface NhanesAdult {
  seqn: string;
  male: 0 | 1;
  ageYears: number;
  heightM: number;
  weightKg: number;
  /** Waist just above the right iliac crest (CDC protocol), metres. */
  waistM: number;
  /** Whole-body DXA % fat. */
  percentFat: number;
  /** DXA trunk fat, kg (null when missing). */
  trunkFatKg: number | null;
  /** DXA limb lean soft tissue = appendicular lean mass, kg (null when missing). */
  limbLeanKg: number | null;
  /** Survey (population) weight. */
  populationWeight: number;
}

export const NHANES_FILE = 'nhanes_1999_2004_dxa_train.csv';

export function readNhanesAdults(directory: string): { adults: NhanesAdult[]; sha256: string; path: string } {
  const table = readTable(join(directory, NHANES_FILE), ',');
  const adults: NhanesAdult[] = [];
  for (const row of table.rows) {
    const ageYears = numberOrNull(row.age);
    const heightM = numberOrNull(row.height);
    const weightKg = numberOrNull(row.weight);
    const waistM = numberOrNull(row.waist);
    const percentFat = numberOrNull(row.pfat);
    if (ageYears === null || ageYears < 18 || heightM === null || weightKg === null || waistM === null || percentFat === null) continue;
    if (row.pregnant === 'yes') continue;
    adults.push({
      seqn: row.seqn, male: row.sex === 'male' ? 1 : 0, ageYears, heightM, weightKg, waistM, percentFat,
      trunkFatKg: numberOrNull(row.tfat), limbLeanKg: numberOrNull(row.llean),
      populationWeight: numberOrNull(row.pop_weight) ?? 0,
    });
  }
  return { adults, sha256: table.sha256, path: table.path };
}
