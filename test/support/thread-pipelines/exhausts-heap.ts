// Runs in a processing thread: reading a capture allocates until the thread's heap limit ends it.
import { defaultScanPipeline } from '../../../src/services/default-scan-pipeline.ts';
import type { ScanPipeline } from '../../../src/services/scan-pipeline.ts';

export function createPipeline(): ScanPipeline {
  return {
    ...defaultScanPipeline(),
    read: () => {
      const hoard: number[][] = [];
      for (;;) hoard.push(new Array(1_000_000).fill(hoard.length));
    },
  };
}
