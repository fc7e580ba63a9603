import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { CONSOLE_BUILD_COMMAND, CONSOLE_CSP, consoleCsp, consoleRoutes } from '../../src/api/console-routes.ts';

describe('/console (the web console\'s files)', () => {
  let built: string;
  let missing: string;
  let app: FastifyInstance;
  let unbuilt: FastifyInstance;
  before(async () => {
    built = mkdtempSync(join(tmpdir(), 'bodyscan-console-'));
    mkdirSync(join(built, 'assets'));
    writeFileSync(join(built, 'index.html'), '<!doctype html><script type="module" src="/console/assets/app-1.js"></script>');
    writeFileSync(join(built, 'assets', 'app-1.js'), 'console.log(1);');
    missing = mkdtempSync(join(tmpdir(), 'bodyscan-console-missing-'));
    app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await consoleRoutes(app, built);
    unbuilt = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await consoleRoutes(unbuilt, missing);
  });
  after(async () => {
    await app.close();
    await unbuilt.close();
    rmSync(built, { recursive: true, force: true });
    rmSync(missing, { recursive: true, force: true });
  });

  it('serves the page at /console and /console/ under a strict Content-Security-Policy', async () => {
    for (const url of ['/console', '/console/']) {
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.equal(response.headers['content-security-policy'], CONSOLE_CSP);
    }
    for (const directive of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "connect-src 'self' blob:"]) {
      assert.ok(CONSOLE_CSP.split('; ').includes(directive), directive);
    }
    assert.ok(!CONSOLE_CSP.includes('unsafe-inline') && !CONSOLE_CSP.includes('unsafe-eval'));
  });

  it('serves the built scripts with the same policy and caches them for good', async () => {
    const response = await app.inject({ url: '/console/assets/app-1.js' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, 'console.log(1);');
    assert.equal(response.headers['content-security-policy'], CONSOLE_CSP);
    assert.match(String(response.headers['cache-control']), /immutable/);
    assert.equal((await app.inject({ url: '/console/assets/nothing.js' })).statusCode, 404);
  });

  it('lets the page fetch from the storage origin when signed asset addresses point at a bucket', async () => {
    const withBucket = Fastify();
    await consoleRoutes(withBucket, built, ['https://scans.s3.eu-west-1.amazonaws.com']);
    const response = await withBucket.inject({ url: '/console' });
    await withBucket.close();
    assert.equal(response.headers['content-security-policy'], consoleCsp(['https://scans.s3.eu-west-1.amazonaws.com']));
    assert.ok(String(response.headers['content-security-policy']).includes("connect-src 'self' blob: https://scans.s3.eu-west-1.amazonaws.com;"));
  });

  it('answers 503 naming the build command when the console is not built', async () => {
    const response = await unbuilt.inject({ url: '/console' });
    assert.equal(response.statusCode, 503);
    assert.ok(response.body.includes(CONSOLE_BUILD_COMMAND), response.body);
    assert.equal(response.headers['content-security-policy'], CONSOLE_CSP);
  });
});
