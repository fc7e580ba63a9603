// Whether `npm test` runs the console's browser tests (test/browser/*.browser.ts): when Debian's
// Chromium is installed, and always in CI, where a missing Chromium is a failure rather than a
// quiet gap. Before they run, the console is built from its current source, so they never test a
// stale build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const BROWSER_TEST_PATTERN = 'test/browser/**/*.browser.ts';
export const CHROMIUM_PATH = '/usr/bin/chromium';

export type BrowserTestPlan =
  | { run: true }
  | { run: false; fail: boolean; line: string };

export function browserTestPlan(env: NodeJS.ProcessEnv, chromiumPresent: boolean): BrowserTestPlan {
  if (chromiumPresent) return { run: true };
  if (env.CI === 'true') {
    return { run: false, fail: true, line: `run-tests: CI=true but ${CHROMIUM_PATH} is missing, so the console's browser tests cannot run; install it (apt-get install -y chromium, as .ci/run does)` };
  }
  return { run: false, fail: false, line: `run-tests: the console's browser tests (${BROWSER_TEST_PATTERN}) were not run: ${CHROMIUM_PATH} is missing (apt-get install -y chromium); CI runs them always` };
}

/** `npm run build:console` (what `npm install` does through `prepare`); true when it succeeded. */
export function buildConsole(root: string): boolean {
  const result = spawnSync(process.execPath, [resolve(root, 'scripts', 'build-console.mjs'), '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  return result.status === 0 && existsSync(resolve(root, 'console', 'dist', 'index.html'));
}
