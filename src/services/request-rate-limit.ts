import type { Tenant } from './ports.ts';

/** Requests per second per (partner, environment), and how many may come at once. 0 per second: no limit. */
export interface RateLimitSettings {
  requestsPerS: number;
  burst: number;
}

/**
 * A token bucket per (partner, environment), in this process's memory: each request takes a
 * token; tokens come back at `requestsPerS` up to `burst`. Answers 0 when the request may go,
 * else the whole seconds to wait before one token is back (the `retry-after` value).
 *
 * Why per process and not shared: a shared counter would cost a database round trip on every
 * request. With N API processes behind a balancer a partner gets up to N times the limit; set
 * RATE_LIMIT_PER_S to the per-process share (docs/deploy.md).
 */
export function requestRateLimit(settings: RateLimitSettings): (tenant: Tenant, nowMs: number) => number {
  if (settings.requestsPerS <= 0) return () => 0;
  const tokensPerMs = settings.requestsPerS / 1000;
  const buckets = new Map<string, { tokens: number; atMs: number }>();
  return (tenant, nowMs) => {
    const key = `${tenant.environment}:${tenant.partnerId}`;
    let bucket = buckets.get(key);
    if (bucket === undefined) {
      bucket = { tokens: settings.burst, atMs: nowMs };
      buckets.set(key, bucket);
    }
    // A clock that steps back refills nothing (max with 0) rather than draining the bucket.
    bucket.tokens = Math.min(settings.burst, bucket.tokens + Math.max(0, nowMs - bucket.atMs) * tokensPerMs);
    bucket.atMs = nowMs;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / tokensPerMs / 1000));
  };
}
