import type { ReadCapture } from '../../domain/body-scan-result.ts';
import { manifestHints, parseCaptureManifest } from './bundle-manifest.ts';
import { bodyFileCapRule } from './body-file-caps.ts';
import type { CaptureReadLimits } from './capture-limits.ts';
import { bundleInvalid, checkDeclaredSizes, listZipEntries, type ZipEntry } from './zip-archive.ts';
import { extractZipEntry, type InflateMeter } from './zip-entry-inflate.ts';

/** Largest manifest.json accepted (a version 1 manifest is a few hundred bytes). */
const MAX_MANIFEST_BYTES = 64 * 1024;

/**
 * Reads a ZIP capture bundle: `manifest.json` (version 1) plus exactly one body file (PLY, OBJ or GLB,
 * detected by content) named by the manifest's `body`. Both may sit in one top-level folder (as when a
 * folder is zipped). Directories, `__MACOSX/` and `.DS_Store` entries are ignored. The manifest's
 * units and up axis override what the body format implies. `readBody` reads the body bytes.
 * The body entry is sniffed from its first inflated bytes and its inflation stops at the plausible
 * size of the format found there (body-file-caps.ts); `meter` learns how many bytes were inflated.
 */
export function readCaptureBundle(
  bytes: Uint8Array,
  limits: CaptureReadLimits,
  readBody: (body: Uint8Array, limits: CaptureReadLimits) => ReadCapture,
  meter: InflateMeter = { inflatedBytes: 0 },
): ReadCapture {
  const entries = listZipEntries(bytes);
  checkDeclaredSizes(entries, limits);
  const files = entries.filter((e) => !e.name.endsWith('/') && !e.name.startsWith('__MACOSX/') && !/(^|\/)\.DS_Store$/.test(e.name));
  const manifestEntry = files.find((e) => e.name === 'manifest.json')
    ?? files.find((e) => /^[^/]+\/manifest\.json$/.test(e.name));
  if (manifestEntry === undefined) throw bundleInvalid('The ZIP bundle has no manifest.json at its root.');
  const folder = manifestEntry.name.slice(0, manifestEntry.name.length - 'manifest.json'.length);
  if (manifestEntry.uncompressedSize > MAX_MANIFEST_BYTES) throw bundleInvalid('The ZIP bundle manifest.json is larger than 64 KiB.');
  const manifest = parseCaptureManifest(extractZipEntry(bytes, manifestEntry, { maxBytes: MAX_MANIFEST_BYTES, what: 'a manifest.json' }));
  const bodyName = folder + manifest.body.replace(/^\.?\//, '');
  const bodyEntry: ZipEntry | undefined = files.find((e) => e.name === bodyName);
  if (bodyEntry === undefined) throw bundleInvalid(`The ZIP bundle has no file ${manifest.body}, which its manifest names as the body.`);
  const extra = files.filter((e) => e !== manifestEntry && e !== bodyEntry).map((e) => e.name);
  if (extra.length > 0) {
    throw bundleInvalid(`The ZIP bundle holds extra files (${extra.slice(0, 5).join(', ')}); a version 1 bundle holds manifest.json and one body file.`);
  }
  const body = readBody(extractZipEntry(bytes, bodyEntry, bodyFileCapRule(limits), meter), limits);
  return { format: `bundle+${body.format}`, geometry: body.geometry, hints: { ...body.hints, ...manifestHints(manifest) } };
}
