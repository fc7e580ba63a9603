// A node:test reporter that prints one closing line, `tests: N passed, N failed` (`, N skipped`
// when any were skipped or todo), whose counts agree with the run's exit code. It runs beside the
// spec reporter, which shows each file's tests as they finish.
//
// Why our own line: node's summary counts only tests, so a suite whose body or hook throws, or a
// file that fails to load or exits non-zero, fails the run while the summary says "fail 0". Here:
// - a failed test counts, and so does a test cancelled because its suite's hook failed;
// - a suite counts when its own code threw (not when it merely holds failed tests);
// - a file that fails outside any test (load error, non-zero exit) is reported by node as a test
//   named after the file, so it counts as one failure.

interface TestEventData {
  nesting: number;
  file?: string;
  skip?: boolean | string;
  todo?: boolean | string;
  details?: { type?: 'suite' | 'test'; error?: { failureType?: string } };
}

interface TestEvent {
  type: string;
  data: TestEventData & { file?: string };
}

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

/** The closing line for a tally; run-tests.ts parses it back with TALLY_LINE. */
export function tallyLine(tally: Tally): string {
  return `tests: ${tally.passed} passed, ${tally.failed} failed${tally.skipped > 0 ? `, ${tally.skipped} skipped` : ''}`;
}

export const TALLY_LINE = /^tests: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/m;

export default async function* tallyReporter(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    const kind = event.data?.details?.type;
    if (event.type === 'test:pass' && kind === 'test') {
      if (event.data.skip !== undefined || event.data.todo !== undefined) tally.skipped += 1;
      else tally.passed += 1;
    } else if (event.type === 'test:fail') {
      const failureType = event.data.details?.error?.failureType;
      if (kind === 'test' || (kind === 'suite' && failureType === 'testCodeFailure')) tally.failed += 1;
    }
  }
  yield `\n${tallyLine(tally)}\n`;
}
