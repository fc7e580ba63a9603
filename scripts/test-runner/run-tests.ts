// `npm test`: the whole suite with node:test. Each file's results print as it finishes (spec
// reporter); the last line, `tests: N passed, N failed`, agrees with the exit code: 0 only when
// tests ran and none failed. Usage: npm test [-- files or globs]. PostgreSQL suites run too when
// TEST_DATABASE_URL is set. The suite needs nothing outside the repository; the checks against
// external data sets are `npm run test:datasets` (scripts/test-runner/run-dataset-tests.ts).
// The whole suite includes the console's browser tests when Chromium is there (always in CI):
// scripts/test-runner/browser-tests.ts.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BROWSER_TEST_PATTERN, CHROMIUM_PATH, browserTestPlan, buildConsole } from './browser-tests.ts';
import { runNodeTests } from './node-test-process.ts';

const given = process.argv.slice(2);
const patterns = given.length > 0 ? given : ['test/**/*.test.ts'];
if (given.length === 0) {
  const plan = browserTestPlan(process.env, existsSync(CHROMIUM_PATH));
  if (plan.run) {
    if (!buildConsole(resolve(import.meta.dirname, '..', '..'))) {
      process.stderr.write('run-tests: the console did not build (npm run build:console); failing\n');
      process.exit(1);
    }
    patterns.push(BROWSER_TEST_PATTERN);
  } else {
    process.stdout.write(`${plan.line}\n`);
    if (plan.fail) process.exit(1);
  }
}
process.exit(await runNodeTests(patterns, process.env));
