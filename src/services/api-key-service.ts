import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AppError } from '../domain/error-catalog.ts';
import { uuidV7 } from '../domain/uuid-v7.ts';
import type { ApiKeyRecord, Clock, Database, Environment, Tenant } from './ports.ts';

const ISSUER = 'bodyscan';
const SECRET_NAME = 'api-key-signing-v1';
/** A verified key is trusted this long before its revocation is checked again (other processes may revoke). */
const REVOCATION_RECHECK_MS = 10_000;
const CACHE_MAX_ENTRIES = 10_000;

/**
 * API keys are HS256 JWTs {sub: partner, env, kid}, signed with a secret kept in the database so
 * every process of a deployment (and the CLI) shares it. Verification is cached per token.
 */
export interface ApiKeyService {
  createKey(partnerId: string, environment: Environment): Promise<{ keyId: string; apiKey: string }>;
  revokeKey(keyId: string): Promise<boolean>;
  listKeys(): Promise<ApiKeyRecord[]>;
  /** The tenant of a bearer token, or an AppError (401 invalid, 403 wrong environment). */
  authenticate(apiKey: string): Promise<Tenant>;
}

export async function apiKeyService(db: Database, clock: Clock, servedEnvironment: Environment): Promise<ApiKeyService> {
  const secret = new TextEncoder().encode(await db.secrets.getOrCreateSecret(SECRET_NAME, () => randomBytes(32).toString('base64url')));
  const cache = new Map<string, { tenant: Tenant; keyId: string; checkedAtMs: number }>();

  const invalid = (): AppError => new AppError('invalid_credential', 'The API key is not valid (malformed, wrong signature, or revoked).');

  return {
    async createKey(partnerId, environment) {
      const now = clock.now();
      const keyId = uuidV7(now.getTime());
      await db.apiKeys.insertApiKey({ id: keyId, partnerId, environment, createdAt: now, revokedAt: null });
      const apiKey = await new SignJWT({ env: environment })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keyId })
        .setIssuer(ISSUER).setSubject(partnerId).setJti(keyId).setIssuedAt(Math.floor(now.getTime() / 1000))
        .sign(secret);
      return { keyId, apiKey };
    },

    async revokeKey(keyId) {
      const revoked = await db.apiKeys.revokeApiKey(keyId, clock.now());
      for (const [token, entry] of cache) if (entry.keyId === keyId) cache.delete(token);
      return revoked;
    },

    listKeys: () => db.apiKeys.listApiKeys(),

    async authenticate(apiKey) {
      const nowMs = clock.now().getTime();
      const cached = cache.get(apiKey);
      let tenant: Tenant;
      if (cached && nowMs - cached.checkedAtMs < REVOCATION_RECHECK_MS) {
        tenant = cached.tenant;
      } else {
        let keyId: string;
        try {
          const { payload } = await jwtVerify(apiKey, secret, { issuer: ISSUER, algorithms: ['HS256'] });
          if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || (payload.env !== 'sandbox' && payload.env !== 'production')) throw invalid();
          keyId = payload.jti;
          tenant = { partnerId: payload.sub, environment: payload.env };
        } catch (error) {
          if (error instanceof AppError) throw error;
          if (error instanceof joseErrors.JOSEError) throw invalid();
          throw error;
        }
        const record = await db.apiKeys.findApiKey(keyId);
        if (!record || record.revokedAt !== null || record.partnerId !== tenant.partnerId) {
          cache.delete(apiKey);
          throw invalid();
        }
        if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        cache.set(apiKey, { tenant, keyId, checkedAtMs: nowMs });
      }
      if (tenant.environment !== servedEnvironment) {
        throw new AppError('wrong_environment', `This key is for the ${tenant.environment} environment; this deployment serves ${servedEnvironment}.`);
      }
      return tenant;
    },
  };
}
