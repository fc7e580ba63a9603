import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserTestPlan } from '../../scripts/test-runner/browser-tests.ts';

describe('the console\'s browser tests in npm test', () => {
  it('runs them when Chromium is installed', () => {
    assert.deepEqual(browserTestPlan({}, true), { run: true });
    assert.deepEqual(browserTestPlan({ CI: 'true' }, true), { run: true });
  });

  it('says in one line that they were not run when Chromium is missing locally', () => {
    const plan = browserTestPlan({}, false);
    assert.equal(plan.run, false);
    assert.ok(!plan.run && !plan.fail && /were not run/.test(plan.line) && !plan.line.includes('\n'));
  });

  it('fails under CI=true when Chromium is missing', () => {
    const plan = browserTestPlan({ CI: 'true' }, false);
    assert.ok(!plan.run && plan.fail && /CI=true/.test(plan.line));
  });
});
