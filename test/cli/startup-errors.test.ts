// A server that cannot start says why in one sentence, exits non-zero and leaves nothing locked.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'bodyscan.mjs');
const serve = (env: Record<string, string>) =>
  spawnSync(process.execPath, [bin, 'serve'], { env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env }, encoding: 'utf8', timeout: 60_000 });

/** One line of text, no stack trace, no usage text. */
function assertOneSentence(stderr: string): void {
  const lines = stderr.trim().split('\n');
  assert.equal(lines.length, 1, stderr);
  assert.doesNotMatch(stderr, /Usage:|    at /);
}

describe('bodyscan serve when it cannot start', () => {
  let folder: string;
  let holder: Server;
  let busyPort: number;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'bodyscan-startup-'));
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    busyPort = (holder.address() as { port: number }).port;
  });
  after(async () => {
    await new Promise((resolve) => holder.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  it('exits 1 with one sentence when the port is in use, before it opens (and locks) the data directory', () => {
    const dataDir = join(folder, 'port-in-use');
    const result = serve({ PORT: String(busyPort), DATA_DIR: dataDir });
    assert.equal(result.status, 1, result.stderr);
    assert.equal(result.stdout, '');
    assertOneSentence(result.stderr);
    assert.match(result.stderr, new RegExp(`^Port ${busyPort} is already in use on 127\\.0\\.0\\.1: stop the program that holds it, or set PORT to a free port\\.`));
    assert.equal(existsSync(join(dataDir, 'embedded-db.lock')), false);
    assert.equal(existsSync(dataDir), false, 'the port is checked before the data directory is touched');
  });

  it('exits 1 with one sentence when the data directory cannot be created', () => {
    const file = join(folder, 'a-file');
    writeFileSync(file, 'not a folder');
    const result = serve({ PORT: '0', DATA_DIR: join(file, 'data') });
    assert.equal(result.status, 1, result.stderr);
    assertOneSentence(result.stderr);
    assert.match(result.stderr, /^The data directory .*a-file\/data cannot be used \(a part of the path is a file, not a folder\): check DATA_DIR/);
  });

  it('exits 1 with one sentence when PostgreSQL is down, without printing the password', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const downPort = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve)); // nothing listens there any more
    const result = serve({ PORT: '0', DATA_DIR: join(folder, 'postgres-down'), DATABASE_URL: `postgres://bodyscan:s3cret@127.0.0.1:${downPort}/bodyscan` });
    assert.equal(result.status, 1, result.stderr);
    assertOneSentence(result.stderr);
    assert.match(result.stderr, new RegExp(`^Cannot use the PostgreSQL database at 127\\.0\\.0\\.1:${downPort}/bodyscan \\(nothing accepts connections there\\)`));
    assert.doesNotMatch(result.stderr, /s3cret/);
  });

  it('lists configuration problems without the usage text, exit 2', () => {
    const result = serve({ PORT: 'eighty', DATA_DIR: join(folder, 'config') });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /PORT must be an integer/);
    assert.doesNotMatch(result.stderr, /Usage:/);
  });
});
