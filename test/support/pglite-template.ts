// A migrated, empty PGlite data directory dumped once and kept in the temp folder (keyed by the
// migrations' content), so each test service loads it in ~1 s instead of running initdb (~5 s).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratedPgliteTemplate } from '../../src/composition/open-database.ts';

const migrationsDir = join(import.meta.dirname, '..', '..', 'src', 'persistence', 'migrations');

let template: Promise<Blob> | null = null;

export function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const hash = createHash('sha256');
    for (const file of readdirSync(migrationsDir).sort()) hash.update(file).update(readFileSync(join(migrationsDir, file)));
    const path = join(tmpdir(), `bodyscan-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(path)) return new Blob([readFileSync(path)]);
    const dump = await migratedPgliteTemplate();
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, path);
    return dump;
  })();
  return template;
}
