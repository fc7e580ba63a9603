// The OpenAPI document as the running service serves it at /openapi.json, built on an in-memory service.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeService } from '../src/composition/compose-service.ts';
import { createPinoLogger } from '../src/composition/pino-logger.ts';
import { readConfig } from '../src/config/config.ts';
import { defaultScanPipeline } from '../src/services/default-scan-pipeline.ts';

export async function generateOpenApiDocument(pgliteTemplate?: Blob): Promise<unknown> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bodyscan-openapi-'));
  const { config } = readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const service = await composeService({
    config, roles: { api: true, worker: false }, logger: createPinoLogger('silent'), pipeline: defaultScanPipeline(), inMemoryDatabase: true, pgliteTemplate,
  });
  try {
    await service.app!.ready();
    return service.app!.swagger();
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
