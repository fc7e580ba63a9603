import type { Clock, Database, Environment, JobNotifier, Logger, ObjectStore } from './ports.ts';

/** Settings the use cases need, read once from config in src/main and passed in. */
export interface ServiceSettings {
  /** The environment this deployment serves; keys of the other one get 403. */
  environment: Environment;
  uploadUrlTtlS: number;
  downloadUrlTtlS: number;
  maxUploadBytes: number;
  termsVersion: string;
  jobMaxAttempts: number;
}

/** Everything a use case may touch, built by the composition root. */
export interface ServiceContext {
  db: Database;
  store: ObjectStore;
  clock: Clock;
  logger: Logger;
  notifier: JobNotifier;
  settings: ServiceSettings;
  /** Signs pagination cursors (a service secret kept in the database). */
  cursorSecret: string;
}

/** Object-store key layout: everything of a scan under one folder, so deletion is one prefix. */
export const objectKeys = {
  scanFolder: (scanId: string) => `scans/${scanId}/`,
  capture: (scanId: string) => `scans/${scanId}/capture`,
  scanAsset: (scanId: string, fileName: string) => `scans/${scanId}/assets/${fileName}`,
  predictionAsset: (scanId: string, predictionId: string, fileName: string) => `scans/${scanId}/predictions/${predictionId}/${fileName}`,
  predictionFolder: (scanId: string, predictionId: string) => `scans/${scanId}/predictions/${predictionId}/`,
};
