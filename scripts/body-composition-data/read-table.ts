// Reads a delimited text table (CSV or TSV, no quoted delimiters in our files) into records.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

export interface Table {
  path: string;
  sha256: string;
  rows: Record<string, string>[];
}

export function readTable(path: string, delimiter: ',' | '\t', encoding: BufferEncoding = 'utf8'): Table {
  const bytes = readFileSync(path);
  const text = bytes.toString(encoding).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  const header = lines[0].split(delimiter).map((h) => h.trim().replace(/^"|"$/g, ''));
  const rows = lines.slice(1).map((line) => {
    const cells = line.split(delimiter);
    return Object.fromEntries(header.map((name, i) => [name, (cells[i] ?? '').trim().replace(/^"|"$/g, '')]));
  });
  return { path, sha256: createHash('sha256').update(bytes).digest('hex'), rows };
}

/** A finite number or null for '', 'NA' and junk. */
export function numberOrNull(text: string | undefined): number | null {
  if (text === undefined || text === '' || text === 'NA') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
