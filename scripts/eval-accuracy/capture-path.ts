// The real reading path for a variant: PLY bytes from the project's writer, read back by the
// project's capture reader (readCapture when src/processing/capture/read-capture.ts exists,
// else the PLY reader it dispatches to). Nothing is written to disk (evaluate-run.ts may keep it).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ReadCapture } from '../../src/domain/body-scan-result.ts';
import { writePly, type PlyGeometry } from '../../src/processing/capture/write-ply.ts';
import { readPly } from '../../src/processing/capture/read-ply.ts';
import { DEFAULT_CAPTURE_READ_LIMITS } from '../../src/processing/capture/capture-limits.ts';

type ReadCaptureFn = (bytes: Uint8Array, ...rest: unknown[]) => ReadCapture | Promise<ReadCapture>;

const readCapturePath = resolve(import.meta.dirname, '..', '..', 'src', 'processing', 'capture', 'read-capture.ts');

let reader: { name: string; read: ReadCaptureFn } | null = null;

async function captureReader(): Promise<{ name: string; read: ReadCaptureFn }> {
  if (reader) return reader;
  if (existsSync(readCapturePath)) {
    const module = (await import(readCapturePath)) as { readCapture?: ReadCaptureFn };
    if (typeof module.readCapture === 'function') {
      reader = { name: 'writePly -> readCapture', read: module.readCapture };
      return reader;
    }
  }
  reader = { name: 'writePly -> readPly', read: (bytes) => readPly(bytes, DEFAULT_CAPTURE_READ_LIMITS) };
  return reader;
}

export async function throughCaptureReader(geometry: PlyGeometry): Promise<{ read: ReadCapture; path: string; bytes: Uint8Array }> {
  const bytes = writePly(geometry);
  const { name, read } = await captureReader();
  return { read: await read(bytes), path: name, bytes };
}
