// Runs in a processing thread: reading a capture ends the thread, as a native crash would.
import { defaultScanPipeline } from '../../../src/services/default-scan-pipeline.ts';
import type { ScanPipeline } from '../../../src/services/scan-pipeline.ts';

export function createPipeline(): ScanPipeline {
  return { ...defaultScanPipeline(), read: () => process.exit(1) };
}
