// Runs in a processing thread: the production pipeline, with the thread's id added to the
// measurement diagnostics so a test can see where processing ran.
import { threadId } from 'node:worker_threads';
import { defaultScanPipeline } from '../../../src/services/default-scan-pipeline.ts';
import type { ScanPipeline } from '../../../src/services/scan-pipeline.ts';

export function createPipeline(): ScanPipeline {
  const real = defaultScanPipeline();
  return {
    ...real,
    measure: (capture, context) => {
      const result = real.measure(capture, context);
      return { ...result, diagnostics: { ...result.diagnostics, threadId } };
    },
  };
}
