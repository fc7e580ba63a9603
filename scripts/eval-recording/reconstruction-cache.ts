// A cache of reconstructed recordings for eval:recording --cache DIR, so that a measuring rule can
// be tried on the same reconstructions in a fraction of the time (a set of 8 bodies x 2 recordings
// of one mode takes ~200 s to simulate and reconstruct, ~30 s to measure).
// Why keyed on the source: a cached surface is only the one today's code would make if nothing it
// was made by has changed. The key hashes every file under src/ except src/processing/measure/
// (which reads a reconstruction, never makes one) together with the recording's own inputs (body,
// mode, seed, frames, options, flags). A change anywhere else under src/ starts a new cache.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { CaptureGeometry } from '../../src/domain/capture-geometry.ts';

/** What eval:recording reads of a reconstruction. */
export interface CachedReconstruction {
  geometry: CaptureGeometry;
  diagnostics: Record<string, number | string | boolean>;
}

/** Source folders whose files do not shape a reconstruction (relative to the repository, '/'-separated). */
const NOT_RECONSTRUCTING = ['src/processing/measure/'];

/** Hex SHA-256 of every reconstructing source file's path and content under srcDir's repository, in path order. */
export function reconstructingSourceHash(repoDir: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const rel = relative(repoDir, path).split('\\').join('/');
      if (statSync(path).isDirectory()) {
        if (!NOT_RECONSTRUCTING.includes(`${rel}/`)) walk(path);
      } else {
        hash.update(rel).update('\0').update(readFileSync(path)).update('\0');
      }
    }
  };
  walk(join(repoDir, 'src'));
  return hash.digest('hex');
}

/** The cache file stem for one recording: the source hash and the recording's inputs, hashed. */
export function cacheKey(sourceHash: string, inputs: Record<string, unknown>): string {
  return createHash('sha256').update(sourceHash).update(JSON.stringify(inputs)).digest('hex').slice(0, 24);
}

/** The cached reconstruction under dir for key, or null when there is none. */
export function readCachedReconstruction(dir: string, key: string): CachedReconstruction | null {
  const metaPath = join(dir, `${key}.json`);
  if (!existsSync(metaPath)) return null;
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as { vertices: number; triangles: number; diagnostics: CachedReconstruction['diagnostics'] };
  const bytes = readFileSync(join(dir, `${key}.bin`));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const positions = new Float32Array(buffer, 0, 3 * meta.vertices);
  const indices = new Uint32Array(buffer, 12 * meta.vertices, 3 * meta.triangles);
  return { geometry: { positions, indices, colors: null, normals: null }, diagnostics: meta.diagnostics };
}

/** Stores a reconstruction's surface (positions then indices, little-endian as in memory) and diagnostics under dir. */
export function writeCachedReconstruction(dir: string, key: string, recon: CachedReconstruction): void {
  mkdirSync(dir, { recursive: true });
  const { positions, indices } = recon.geometry;
  if (!indices) throw new Error('a reconstruction without triangles cannot be cached');
  writeFileSync(join(dir, `${key}.bin`), Buffer.concat([Buffer.from(positions.buffer, positions.byteOffset, positions.byteLength), Buffer.from(indices.buffer, indices.byteOffset, indices.byteLength)]));
  writeFileSync(join(dir, `${key}.json`), `${JSON.stringify({ vertices: positions.length / 3, triangles: indices.length / 3, diagnostics: recon.diagnostics })}\n`);
}
