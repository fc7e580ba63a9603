import type { WebhookSignatureStyle } from '../domain/webhook-event.ts';
import type { ApiKeyRecord, Environment, WebhookDelivery } from '../services/ports.ts';
import type { Config } from '../config/config.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { openDatabase } from './open-database.ts';
import { callOperatorChannel, operatorChannelPresent } from './operator-channel.ts';
import { runOperatorOperation, type OperatorRequest } from './operator-operations.ts';

const clock = { now: () => new Date() };

/**
 * Runs an operator request on the configured database (PGlite under DATA_DIR, locked, or
 * PostgreSQL). When an embedded server holds DATA_DIR, the request goes to that server through its
 * operator channel instead (PGlite cannot be opened twice).
 */
async function operate<T>(config: Config, request: OperatorRequest): Promise<T> {
  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError && operatorChannelPresent(config.dataDir)) return callOperatorChannel<T>(config.dataDir, request);
    throw error;
  }
  try {
    return (await runOperatorOperation(db, clock, config, request)) as T;
  } finally {
    await db.close();
  }
}

/** `bodyscan migrate`: the migrations this call applied (none through a running server: it migrated at start). */
export const migrateDatabase = async (config: Config): Promise<string[]> => {
  try {
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await db.close();
    return db.applied;
  } catch (error) {
    if (error instanceof DataDirLockedError && operatorChannelPresent(config.dataDir)) return callOperatorChannel<string[]>(config.dataDir, { op: 'migrate' });
    throw error;
  }
};

/** `bodyscan keys create`. */
export const createApiKey = (config: Config, partnerId: string, environment: Environment): Promise<{ keyId: string; apiKey: string }> =>
  operate(config, { op: 'keys.create', partnerId, environment });

/** `bodyscan keys revoke`: false when no active key has this id. */
export const revokeApiKey = (config: Config, keyId: string): Promise<boolean> => operate(config, { op: 'keys.revoke', keyId });

/** `bodyscan keys list`. */
export const listApiKeys = (config: Config): Promise<ApiKeyRecord[]> => operate(config, { op: 'keys.list' });

/** `bodyscan webhooks set`: the new signing secret. */
export const setWebhook = (
  config: Config, partnerId: string, environment: Environment, url: string, signatureStyle: WebhookSignatureStyle = 'bodyscan',
): Promise<{ signingSecret: string }> => operate(config, { op: 'webhooks.set', partnerId, environment, url, signatureStyle });

/** `bodyscan webhooks remove`: false when the tenant had no endpoint. */
export const removeWebhook = (config: Config, partnerId: string, environment: Environment): Promise<boolean> =>
  operate(config, { op: 'webhooks.remove', partnerId, environment });

/** `bodyscan webhooks deliveries`: the tenant's delivery log, newest first. */
export const webhookDeliveries = (config: Config, partnerId: string, environment: Environment, limit: number): Promise<WebhookDelivery[]> =>
  operate(config, { op: 'webhooks.deliveries', partnerId, environment, limit });
