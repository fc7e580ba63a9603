// `npm test`: the whole suite with node:test. Each file's results print as it finishes (spec
// reporter); the last line, `tests: N passed, N failed`, agrees with the exit code: 0 only when
// tests ran and none failed. Usage: npm test [-- files or globs]. PostgreSQL suites run too when
// TEST_DATABASE_URL is set. The suite needs nothing outside the repository; the checks against
// external data sets are `npm run test:datasets` (scripts/test-runner/run-dataset-tests.ts).
import { runNodeTests } from './node-test-process.ts';

const patterns = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['test/**/*.test.ts'];
process.exit(await runNodeTests(patterns, process.env));
