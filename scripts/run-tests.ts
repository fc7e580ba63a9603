// Runs the whole test suite with node:test and fails when no test ran (a silent 0 is not a pass).
// Usage: npm test [-- extra globs]. PostgreSQL suites run too when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const globs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['test/**/*.test.ts'];
const result = spawnSync(
  process.execPath,
  ['--test', '--test-concurrency=2', '--test-reporter=spec', '--test-reporter-destination=stdout', ...globs],
  { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
process.stdout.write(result.stdout ?? '');
const testCount = /ℹ tests (\d+)/.exec(result.stdout ?? '');
if (result.status === 0 && (!testCount || Number(testCount[1]) === 0)) {
  console.error('run-tests: no test ran; failing on purpose');
  process.exit(1);
}
process.exit(result.status ?? 1);
