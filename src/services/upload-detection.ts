/**
 * Scale-out mode: clients PUT captures straight to the object store with a presigned URL, so no
 * request handler of ours sees the upload finish. One thing notices it: a sweep in every worker
 * process (UPLOAD_SWEEP_INTERVAL_MS, default 1 s) over the scans that can still receive an upload
 * (CREATED, with an upload address valid now or expired less than LATE_UPLOAD_GRACE_MS ago): a
 * capture is noticed at most one interval (plus the pass itself) after it landed. Reads never notice
 * (a GET writes nothing). It ends in captureArrived, whose CREATED -> PROCESSING update lets exactly
 * one noticer win when several workers sweep. Uploads through our own PUT route (local storage) are
 * noticed by that PUT (acceptStagedCapture). Zero-delay noticing (the store's event notifications)
 * is described in docs/deploy.md.
 */
import { captureArrived } from './scan-service.ts';
import { objectKeys, type ServiceContext } from './service-context.ts';

export type UploadNotice = 'absent' | 'arrived' | 'rejected' | 'taken';

/**
 * Checks whether `scanId`'s capture is in the store and, if so, moves the scan on. A presigned PUT
 * cannot enforce the size limit, so it is enforced here: an oversize or empty capture fails the
 * scan (capture_too_large / capture_empty) and is deleted. 'taken' = someone else moved it first.
 */
export async function noticeUpload(context: ServiceContext, scanId: string): Promise<UploadNotice> {
  const byteSize = await context.store.sizeOf(objectKeys.capture(scanId));
  if (byteSize === null) return 'absent';
  const { maxUploadBytes } = context.settings;
  if (byteSize === 0 || byteSize > maxUploadBytes) {
    const failure = byteSize === 0
      ? { code: 'capture_empty', message: 'The uploaded capture was empty; nothing was kept.' }
      : { code: 'capture_too_large', message: `The uploaded capture has ${byteSize} bytes, more than the limit of ${maxUploadBytes}; nothing was kept.` };
    const now = context.clock.now();
    const failed = await context.db.transaction(async (tx) => {
      if (!(await tx.scans.markScanProcessing(scanId, now))) return false;
      await tx.scans.markScanFailed(scanId, failure, now);
      return true;
    });
    if (!failed) return 'taken';
    await context.store.deletePrefix(objectKeys.scanFolder(scanId));
    context.logger.warn({ scanId, byteSize, code: failure.code }, 'direct upload rejected');
    return 'rejected';
  }
  return (await captureArrived(context, scanId)) ? 'arrived' : 'taken';
}

export interface SweepResult {
  checked: number;
  arrived: number;
  rejected: number;
}

/**
 * How long after its address expired a scan is still swept: a PUT begun just before the expiry is
 * accepted by the store and may take this long to finish (a large capture on a slow phone link).
 */
export const LATE_UPLOAD_GRACE_MS = 60 * 60 * 1000;

/**
 * One pass over every scan that can still receive a direct upload, in keyset pages of `pageSize`;
 * errors of one scan do not stop the pass.
 */
export async function sweepAwaitingUploads(context: ServiceContext, pageSize: number): Promise<SweepResult> {
  const addressExpiresAfter = new Date(context.clock.now().getTime() - LATE_UPLOAD_GRACE_MS);
  const result: SweepResult = { checked: 0, arrived: 0, rejected: 0 };
  let afterId: string | null = null;
  for (;;) {
    const scanIds = await context.db.scans.listScansAwaitingUpload(addressExpiresAfter, afterId, pageSize);
    for (const scanId of scanIds) {
      result.checked += 1;
      try {
        const notice = await noticeUpload(context, scanId);
        if (notice === 'arrived') result.arrived += 1;
        if (notice === 'rejected') result.rejected += 1;
      } catch (error) {
        context.logger.warn({ scanId, err: String(error) }, 'upload check failed; next sweep retries');
      }
    }
    if (scanIds.length < pageSize) return result;
    afterId = scanIds[scanIds.length - 1];
  }
}

export interface UploadSweep {
  /** Stops the timer and waits for a running pass. */
  stop(): Promise<void>;
}

/** Runs a sweep every `intervalMs` (after the previous pass ends, so passes never overlap). */
export function startUploadSweep(context: ServiceContext, options: { intervalMs: number; pageSize: number }): UploadSweep {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweepAwaitingUploads(context, options.pageSize).then(
        () => undefined,
        (error: unknown) => context.logger.error({ err: String(error) }, 'upload sweep failed'),
      ).finally(schedule);
    }, options.intervalMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
