import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where `npm run build:console` (also run by `npm install`) writes the console. */
export const DEFAULT_CONSOLE_DIR = resolve(import.meta.dirname, '..', '..', 'console', 'dist');
export const CONSOLE_BUILD_COMMAND = 'npm run build:console';

/**
 * The console's Content-Security-Policy: scripts and styles only from this origin (no inline
 * script at all), requests only to this origin (the API and, in embedded mode, the signed asset
 * addresses) and to blob: (the 3D loader reads a GLB's embedded texture through a blob URL),
 * images also as blob: and data:,
 * no plugins, no <base>, no framing.
 */
export function consoleCsp(extraConnectSources: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' blob: data:",
    ["connect-src 'self' blob:", ...extraConnectSources].join(' '),
    "font-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of an embedded deployment, whose signed asset addresses are on this origin. */
export const CONSOLE_CSP = consoleCsp();

function secure(reply: FastifyReply, csp: string): FastifyReply {
  return reply
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cross-origin-opener-policy', 'same-origin');
}

/**
 * GET /console: the web console's page; /console/assets/*: its scripts and styles (content-hashed
 * names, cached for good). The console is a client of the public API on the same origin; nothing
 * here reads a key. Without a build, /console answers 503 naming the command that builds it.
 * `storageOrigins`: where signed asset addresses point when that is not this origin (an S3 bucket),
 * so that the 3D view may fetch its GLBs there (the bucket must also allow it by CORS).
 */
export async function consoleRoutes(app: FastifyInstance, consoleDir: string = DEFAULT_CONSOLE_DIR, storageOrigins: readonly string[] = []): Promise<void> {
  const csp = consoleCsp(storageOrigins);
  const indexPath = join(consoleDir, 'index.html');
  const assetsDir = join(consoleDir, 'assets');

  app.get('/console', { schema: { hide: true } }, async (_request, reply) => {
    secure(reply, csp).header('cache-control', 'no-cache');
    if (!existsSync(indexPath)) {
      return reply.status(503).type('text/plain; charset=utf-8')
        .send(`The web console is not built. Run \`${CONSOLE_BUILD_COMMAND}\` (npm install runs it too), then reload.\n`);
    }
    return reply.type('text/html; charset=utf-8').send(readFileSync(indexPath));
  });

  if (!existsSync(assetsDir)) return;
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/console/assets/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
      setHeaders: (response) => {
        response.header('content-security-policy', csp);
        response.header('x-content-type-options', 'nosniff');
      },
    });
  });
}
