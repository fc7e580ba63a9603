// `npm test`'s closing line must agree with its exit code, whatever way a test file fails.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUN_TESTS = join(import.meta.dirname, '..', '..', 'scripts', 'test-runner', 'run-tests.ts');

const FILES: Record<string, string> = {
  'passes.test.ts': "import { it } from 'node:test';\nit('passes', () => {});\nit('passes too', () => {});\n",
  'skips.test.ts': "import { it } from 'node:test';\nit('is skipped', { skip: true }, () => {});\n",
  'fails.test.ts': "import { it } from 'node:test';\nit('fails', () => { throw new Error('no'); });\n",
  'suite-throws.test.ts': "import { describe, it } from 'node:test';\ndescribe('a suite whose body throws', () => { throw new Error('no'); });\n",
  'hook-fails.test.ts': "import { before, describe, it } from 'node:test';\ndescribe('s', () => { before(() => { throw new Error('no'); }); it('never runs', () => {}); });\n",
  'does-not-load.test.ts': "import { it } from 'node:test';\nthis is not TypeScript\n",
};

/** Runs run-tests.ts on the given files of `folder` as `npm test -- …` would, outside this test run. */
function runTests(folder: string, names: string[]): { status: number | null; lastLine: string; stdout: string } {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT; // else the inner node --test talks to this runner instead of printing
  const result = spawnSync(process.execPath, [RUN_TESTS, ...names.map((name) => join(folder, name))], { env, encoding: 'utf8' });
  const lines = result.stdout.trim().split('\n');
  return { status: result.status, lastLine: lines[lines.length - 1], stdout: result.stdout };
}

describe('npm test (scripts/test-runner/run-tests.ts)', () => {
  let folder: string;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'bodyscan-run-tests-'));
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(folder, name), text);
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('ends with "tests: N passed, 0 failed" and exits 0 when every test passes', () => {
    const run = runTests(folder, ['passes.test.ts', 'skips.test.ts']);
    assert.equal(run.lastLine, 'tests: 2 passed, 0 failed, 1 skipped');
    assert.equal(run.status, 0);
  });

  it('shows each test as it finishes (spec reporter)', () => {
    const run = runTests(folder, ['passes.test.ts']);
    assert.match(run.stdout, /✔ passes \(/);
    assert.match(run.stdout, /✔ passes too \(/);
  });

  it('counts a failed test, a suite that throws, a failed hook\'s tests and a file that does not load, and exits 1', () => {
    const run = runTests(folder, ['passes.test.ts', 'fails.test.ts', 'suite-throws.test.ts', 'hook-fails.test.ts', 'does-not-load.test.ts']);
    assert.equal(run.lastLine, 'tests: 2 passed, 4 failed');
    assert.equal(run.status, 1);
  });

  it('fails a run in which no test ran', () => {
    const run = runTests(folder, ['skips.test.ts']);
    assert.equal(run.lastLine, 'tests: 0 passed, 0 failed, 1 skipped');
    assert.equal(run.status, 1);
  });
});
