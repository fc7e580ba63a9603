import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSyntheticBody } from '../../src/processing/synthetic-body/generate.ts';
import { writePly } from '../../src/processing/capture/write-ply.ts';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'bodyscan.mjs');
const run = (args: string[], env: Record<string, string>, input?: string) =>
  spawnSync(process.execPath, [bin, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, encoding: 'utf8', input, timeout: 60_000 });

describe('bodyscan command', () => {
  let dataDir: string;
  before(() => { dataDir = mkdtempSync(join(tmpdir(), 'bodyscan-cli-')); });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints a new API key alone on stdout, and lists and revokes it', () => {
    const created = run(['keys', 'create', '--partner', 'acme', '--env', 'production'], { DATA_DIR: dataDir });
    assert.equal(created.status, 0, created.stderr);
    assert.match(created.stdout, /^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    const keyId = /key id (\S+)/.exec(created.stderr)![1];
    const listed = run(['keys', 'list'], { DATA_DIR: dataDir });
    assert.match(listed.stdout, new RegExp(`${keyId}\tacme\tproduction\tactive`));
    assert.equal(run(['keys', 'revoke', keyId], { DATA_DIR: dataDir }).status, 0);
    assert.match(run(['keys', 'list'], { DATA_DIR: dataDir }).stdout, new RegExp(`${keyId}\tacme\tproduction\trevoked`));
  });

  it('explains what to do when an embedded server holds the data directory', async () => {
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    writeFileSync(join(dataDir, 'embedded-db.lock'), String(holder.pid));
    try {
      const result = run(['keys', 'create', '--partner', 'acme', '--env', 'sandbox'], { DATA_DIR: dataDir });
      assert.equal(result.status, 3);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, /in use by process \d+.*Stop that process first, or point this command at PostgreSQL with DATABASE_URL/s);
    } finally {
      holder.kill();
      rmSync(join(dataDir, 'embedded-db.lock'), { force: true });
    }
  });

  it('lists every configuration problem at once', () => {
    const result = run(['migrate'], { DATA_DIR: dataDir, PORT: 'abc', BODYSCAN_ENVIRONMENT: 'staging' });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /PORT must be an integer/);
    assert.match(result.stderr, /BODYSCAN_ENVIRONMENT must be one of sandbox, production/);
  });

  it('computes body composition for JSON lines, one output line per input line', () => {
    const person = { sex: 'male', ageYears: 40, heightM: 1.8, weightKg: 85, measurements: { waistFit: 0.92, waistNavyFit: 0.95, hipsFit: 1.02, neckFit: 0.39 } };
    const result = run(['body-composition', '--method', 'coco'], {}, `${JSON.stringify(person)}\nnot json\n`);
    const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
    assert.equal(lines.length, 2);
    assert.equal(lines[0].bodyfatMethod, 'coco');
    // RFM (Woolcott & Bergman 2018), men: 64 - 20 * height / waist, waist at the NHANES iliac-crest site ~ our navel girth.
    assert.ok(Math.abs(lines[0].bodyfatPercentage - (64 - 20 * 1.8 / 0.95)) < 1e-9);
    assert.deepEqual(lines[1], { line: 2, error: ['not valid JSON'] });
    assert.equal(result.status, 1);
  });

  it('measures a capture file offline', () => {
    const file = join(dataDir, 'body.ply');
    writeFileSync(file, writePly(generateSyntheticBody({ sex: 'male', heightM: 1.78, weightKg: 80, seed: 11 }).geometry));
    const result = run(['measure', file, '--json'], {});
    assert.equal(result.status, 0, result.stderr);
    const measured = JSON.parse(result.stdout);
    assert.ok(Math.abs(measured.statureM - 1.78) < 0.01);
    assert.equal(Object.keys(measured.measurements).length, 32);
  });
});
