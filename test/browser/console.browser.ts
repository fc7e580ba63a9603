// The web console in a real browser (Debian's Chromium through playwright-core) against a real
// service: one server, one browser, the steps a partner's developer takes. Run by `npm test` when
// /usr/bin/chromium exists, and always in CI (scripts/test-runner/run-tests.ts).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import {
  launchChromium, registerUser, sandboxScan, signIn, startConsoleServer, waitForScan, type ConsoleServer,
} from '../support/console-browser.ts';
import { seriousAxeViolations } from '../support/axe-check.ts';

/** A page-side condition (a string: it runs in the browser, where the test's types have no DOM). */
// A function, not a string: Playwright evaluates a string predicate with eval inside the page,
// which the console's CSP (script-src 'self', no 'unsafe-eval') rightly refuses in Chromium 156.
type PageDocument = { document: { querySelectorAll(selector: string): { length: number } } };
const rowCountIs = (rows: number) => [(n: number) => (globalThis as unknown as PageDocument).document.querySelectorAll('[data-testid=users-table] tbody tr').length === n, rows] as const;

const HOSTILE_TOKEN = '<img src=x onerror=alert(1)>';
const USER = 'dana-console';

describe('web console in a browser', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let page: Page;
  const dialogs: string[] = [];
  const pageErrors: string[] = [];
  let uploadedScanId = '';

  before(async () => {
    server = await startConsoleServer('console-e2e-partner');
    browser = await launchChromium();
    await registerUser(server, USER, 72);
    await registerUser(server, HOSTILE_TOKEN, 80, 'male');
    for (let n = 0; n < 22; n += 1) await registerUser(server, `pager-${String(n).padStart(2, '0')}`);
    // An earlier scan of the user, so that the history has two points once the upload is READY.
    const earlier = await sandboxScan(server, USER, 72, 11);
    assert.equal(await waitForScan(server, earlier), 'READY');
    // A scan records the user's weight when it is created: the upload below is at 70 kg.
    await server.api('PATCH', `/users/${USER}`, { weight: { value: 70, unit: 'kg' } });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (dialog) => { dialogs.push(dialog.message()); void dialog.dismiss(); });
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function assertAccessible(view: string): Promise<void> {
    assert.deepEqual(await seriousAxeViolations(page), [], `axe-core on the ${view} view`);
  }

  it('refuses a wrong key with the API\'s reason and shows nothing behind it', async () => {
    await signIn(page, server.baseUrl, 'not-a-real-key');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /invalid_credential/);
    assert.equal(await page.getByTestId('identity').count(), 0);
    await assertAccessible('sign-in');
  });

  it('signs in and shows the key\'s partner and environment', async () => {
    await signIn(page, server.baseUrl, server.key);
    const identity = page.getByTestId('identity');
    await identity.waitFor();
    assert.match(await identity.innerText(), /console-e2e-partner/);
    assert.match(await identity.innerText(), /sandbox/);
    // The key never appears in an address.
    assert.ok(!page.url().includes(server.key));
  });

  it('pages through the users with the cursor and searches by token', async () => {
    await page.getByTestId('users-table').waitFor();
    assert.equal(await page.locator('[data-testid=users-table] tbody tr').count(), 20);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('page 2').waitFor();
    // 22 pager users + 2 others = 24: four on the second page.
    await page.waitForFunction(...rowCountIs(4));
    await page.getByLabel('Search by token').fill('PAGER-1');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForFunction(...rowCountIs(10));
    await assertAccessible('users');
  });

  it('shows a token holding markup as text, never as HTML', async () => {
    await page.getByLabel('Search by token').fill('onerror');
    await page.getByRole('button', { name: 'Search' }).click();
    const link = page.getByRole('link', { name: HOSTILE_TOKEN, exact: true });
    await link.waitFor();
    assert.equal(await link.innerText(), HOSTILE_TOKEN);
    await link.click();
    await page.getByRole('heading', { name: `User ${HOSTILE_TOKEN}` }).waitFor();
    assert.equal(await page.locator('img[src="x"]').count(), 0);
    assert.deepEqual(dialogs, []);
  });

  it('uploads a sandbox descriptor dropped on the page and follows the scan live to READY', async () => {
    await page.goto(`${server.baseUrl}/console#/users/${encodeURIComponent(USER)}`);
    await page.getByTestId('drop-zone').waitFor();
    await assertAccessible('user');
    const descriptor = JSON.stringify({ sandbox: true, sex: 'female', heightM: 1.68, weightKg: 70, seed: 3 });
    // Dropped on the panel, as a person drags a file from their desktop (a DataTransfer holding a File).
    const dropped = await page.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([${JSON.stringify(descriptor)}], 'person.json', { type: 'application/json' }));
      return transfer;
    })()`);
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
    await page.waitForURL(/#\/scans\//);
    uploadedScanId = decodeURIComponent(page.url().split('#/scans/')[1]);
    // Live: a stage is seen at work before the scan is READY.
    await page.locator('[data-testid=stages] li[data-state=started]').first().waitFor({ timeout: 30_000 });
    await page.locator('.badge[data-status=READY]').first().waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('[data-testid=stages] li[data-state=succeeded]').count(), 4);
  });

  it('shows a failed scan\'s failure code and sentence', async () => {
    await page.goto(`${server.baseUrl}/console#/users/${encodeURIComponent(USER)}`);
    await page.locator('#capture-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a capture at all') });
    await page.waitForURL(/#\/scans\//);
    const failure = page.getByTestId('failure');
    await failure.waitFor({ timeout: 30_000 });
    const failedId = decodeURIComponent(page.url().split('#/scans/')[1]);
    const stored = await server.api<{ failure: { code: string; message: string } }>('GET', `/scans/${failedId}`);
    const text = await failure.innerText();
    assert.ok(text.includes(stored.failure.code) && text.includes(stored.failure.message), text);
    await page.goto(`${server.baseUrl}/console#/scans/${encodeURIComponent(uploadedScanId)}`);
  });

  it('turns the 3D body when dragged and toggles the measurement stripes', async () => {
    const viewer = page.getByTestId('scan-viewer');
    await page.locator('[data-testid=scan-viewer][data-ready=true]').waitFor({ timeout: 30_000 });
    const before = Number(await viewer.getAttribute('data-azimuth-deg'));
    const box = (await viewer.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    const afterDrag = Number(await viewer.getAttribute('data-azimuth-deg'));
    assert.ok(Math.abs(afterDrag - before) > 10, `azimuth ${before} -> ${afterDrag}`);
    const stripes = page.getByTestId('stripes-toggle');
    assert.equal(await stripes.isChecked(), true);
    await stripes.uncheck();
    assert.equal(await stripes.isChecked(), false);
    await assertAccessible('scan');
  });

  it('shows the measurements in metric or imperial', async () => {
    const waist = page.locator('[data-testid=measurements-table] tr[data-field=waistFit] td');
    await waist.first().waitFor();
    assert.equal(await waist.nth(1).innerText(), 'cm');
    const metricCm = Number(await waist.first().innerText());
    await page.getByRole('radio', { name: 'Imperial' }).check();
    await page.locator('[data-testid=measurements-table][data-unit-system=imperial]').waitFor();
    assert.equal(await waist.nth(1).innerText(), 'in');
    const inches = Number(await waist.first().innerText());
    assert.ok(Math.abs(inches * 2.54 - metricCm) < 0.2, `${inches} in vs ${metricCm} cm`);
  });

  it('switches the body-fat method, which the scan keeps', async () => {
    await page.getByLabel('Method').selectOption('army');
    await page.locator('[data-testid=bodyfat-table][data-method=army]').waitFor();
    const stored = await server.api<{ bodyfatMethod: string }>('GET', `/scans/${uploadedScanId}/bodyfat`);
    assert.equal(stored.bodyfatMethod, 'army');
  });

  it('requests a prediction, follows it and shows the predicted body beside the current one', async () => {
    await page.getByLabel('Target value').fill('62');
    await page.getByRole('button', { name: 'Predict' }).click();
    await page.locator('[data-testid=predictions] li[data-status=READY]').waitFor({ timeout: 60_000 });
    await page.getByTestId('prediction-comparison').waitFor();
    assert.equal(await page.getByTestId('predicted-weight').innerText(), '62.0');
    await page.locator('[data-testid=predicted-viewer][data-ready=true]').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid=current-viewer][data-ready=true]').waitFor({ timeout: 30_000 });
    await assertAccessible('scan with a prediction');
  });

  it('charts weight, body fat and waist across the user\'s scans', async () => {
    await page.goto(`${server.baseUrl}/console#/users/${encodeURIComponent(USER)}`);
    const chart = page.locator('[data-testid=history-chart][data-points="2"]');
    await chart.waitFor();
    await chart.locator('canvas').waitFor();
    const rows = await page.locator('[data-testid=history-table] tbody tr').allInnerTexts();
    assert.equal(rows.length, 2);
    assert.match(rows[0], /72\.0/);
    assert.match(rows[1], /70\.0/);
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(dialogs, []);
  });
});
