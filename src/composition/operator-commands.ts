import type { WebhookSignatureStyle } from '../domain/webhook-event.ts';
import { apiKeyService } from '../services/api-key-service.ts';
import type { ApiKeyRecord, Environment, WebhookDelivery } from '../services/ports.ts';
import { listWebhookDeliveries, removeWebhookEndpoint, setWebhookEndpoint } from '../services/webhook-endpoint-service.ts';
import type { Config } from '../config/config.ts';
import { openDatabase } from './open-database.ts';

const clock = { now: () => new Date() };

/** Runs `work` on the configured database (PGlite under DATA_DIR, locked, or PostgreSQL), then closes it. */
async function withDatabase<T>(config: Config, work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** `bodyscan migrate`: the migrations this call applied. */
export const migrateDatabase = (config: Config): Promise<string[]> => withDatabase(config, async (db) => db.applied);

/** `bodyscan keys create`. */
export const createApiKey = (config: Config, partnerId: string, environment: Environment): Promise<{ keyId: string; apiKey: string }> =>
  withDatabase(config, async (db) => (await apiKeyService(db, clock, config.environment)).createKey(partnerId, environment));

/** `bodyscan keys revoke`: false when no active key has this id. */
export const revokeApiKey = (config: Config, keyId: string): Promise<boolean> =>
  withDatabase(config, async (db) => (await apiKeyService(db, clock, config.environment)).revokeKey(keyId));

/** `bodyscan keys list`. */
export const listApiKeys = (config: Config): Promise<ApiKeyRecord[]> => withDatabase(config, (db) => db.apiKeys.listApiKeys());

/** `bodyscan webhooks set`: the new signing secret. */
export const setWebhook = (
  config: Config, partnerId: string, environment: Environment, url: string, signatureStyle: WebhookSignatureStyle = 'bodyscan',
): Promise<{ signingSecret: string }> =>
  withDatabase(config, (db) => setWebhookEndpoint(db.webhooks, clock, { partnerId, environment }, url, signatureStyle));

/** `bodyscan webhooks remove`: false when the tenant had no endpoint. */
export const removeWebhook = (config: Config, partnerId: string, environment: Environment): Promise<boolean> =>
  withDatabase(config, (db) => removeWebhookEndpoint(db.webhooks, { partnerId, environment }));

/** `bodyscan webhooks deliveries`: the tenant's delivery log, newest first. */
export const webhookDeliveries = (config: Config, partnerId: string, environment: Environment, limit: number): Promise<WebhookDelivery[]> =>
  withDatabase(config, (db) => listWebhookDeliveries(db.webhooks, { partnerId, environment }, limit));
