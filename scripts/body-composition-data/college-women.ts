// College women (Johnson 2021 / Slack 1997): hydrostatic %BF (Siri) and tape girths in cm.
import { join } from 'node:path';
import { readTable, numberOrNull } from './read-table.ts';

export interface CollegeWoman {
  obs: string;
  percentFat: number;
  weightKg: number;
  heightM: number;
  ageYears: number;
  neckM: number;
  chestM: number;
  /** Minimal (natural) waist. */
  waistM: number;
  hipsM: number;
}

export function readCollegeWomen(directory: string): { women: CollegeWoman[]; excluded: string[]; sha256: string } {
  const table = readTable(join(directory, 'Anthro_F.tsv'), '\t');
  const women: CollegeWoman[] = [];
  const excluded: string[] = [];
  for (const row of table.rows) {
    const values = ['Fat', 'Weight', 'Height', 'Age', 'Neck', 'Chest', 'Waist', 'Hips'].map((k) => numberOrNull(row[k]));
    const [fat, weight, height, age, neck, chest, waist, hips] = values;
    if (values.some((v) => v === null) || (age as number) < 16) {
      excluded.push(`Obs ${row.Obs} (Age ${row.Age})`);
      continue;
    }
    women.push({
      obs: row.Obs, percentFat: fat as number, weightKg: weight as number, heightM: height as number, ageYears: age as number,
      neckM: (neck as number) / 100, chestM: (chest as number) / 100, waistM: (waist as number) / 100, hipsM: (hips as number) / 100,
    });
  }
  return { women, excluded, sha256: table.sha256 };
}
