// ANSUR II public CSVs (US Army 2012): lengths in mm, weightkg in hectograms.
import { join } from 'node:path';
import { readTable, numberOrNull } from './read-table.ts';

export interface AnsurSubject {
  male: 0 | 1;
  ageYears: number;
  statureM: number;
  weightKg: number;
  /** Girths in metres (every column whose name contains 'circumference'), keyed by ANSUR column name (e.g. waistcircumference at the omphalion). */
  girthsM: Record<string, number>;
}

export const ANSUR_FILES = { male: 'ANSUR_II_MALE_Public.csv', female: 'ANSUR_II_FEMALE_Public.csv' } as const;

export function readAnsur(directory: string): { subjects: AnsurSubject[]; sha256: Record<string, string> } {
  const subjects: AnsurSubject[] = [];
  const sha256: Record<string, string> = {};
  for (const [sex, file] of Object.entries(ANSUR_FILES)) {
    const table = readTable(join(directory, file), ',', 'latin1');
    sha256[file] = table.sha256;
    for (const row of table.rows) {
      const ageYears = numberOrNull(row.Age);
      const statureMm = numberOrNull(row.stature);
      const weightHg = numberOrNull(row.weightkg);
      if (ageYears === null || statureMm === null || weightHg === null || weightHg <= 0) continue;
      const girthsM: Record<string, number> = {};
      for (const [key, text] of Object.entries(row)) {
        if (!key.includes('circumference')) continue;
        const mm = numberOrNull(text);
        if (mm !== null && mm > 0) girthsM[key] = mm / 1000;
      }
      subjects.push({ male: sex === 'male' ? 1 : 0, ageYears, statureM: statureMm / 1000, weightKg: weightHg / 10, girthsM });
    }
  }
  return { subjects, sha256 };
}
