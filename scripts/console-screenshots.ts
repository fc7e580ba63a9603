// Regenerates the console's screenshots in docs/images/console-*.png: a fresh service with a few
// users and sandbox scans, Debian's Chromium (/usr/bin/chromium) driven by playwright-core, each
// view as a partner's developer sees it. Usage: npm run build:console && node scripts/console-screenshots.ts
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { writePly } from '../src/processing/capture/write-ply.ts';
import { makeSyntheticBody, sampleSyntheticCloud } from '../src/processing/synthetic-body/generate.ts';
import {
  launchChromium, registerUser, sandboxScan, signIn, startConsoleServer, waitForScan,
} from '../test/support/console-browser.ts';

const images = resolve(import.meta.dirname, '..', 'docs', 'images');
const USER = 'app-user-4711';

const server = await startConsoleServer('acme-fitness');
const browser = await launchChromium();
try {
  // A small partner: a few users, one with two scans a while apart (the history), one whose token
  // holds markup (shown as text).
  await registerUser(server, USER, 74);
  for (const token of ['app-user-4712', 'app-user-4713', 'trial-0091', '<img src=x onerror=alert(1)>']) await registerUser(server, token, 68);
  // Three scans three weeks apart: the service's test clock is moved forward after each (so the later ones are dated in the future) (a
  // scan's time and weight are the service's clock and the user's weight when it is created).
  const THREE_WEEKS_MS = 21 * 86_400_000;
  for (const [weightKg, seed] of [[74, 5], [72.8, 6], [71.5, 8]]) {
    await server.api('PATCH', `/users/${USER}`, { weight: { value: weightKg, unit: 'kg' } });
    await waitForScan(server, await sandboxScan(server, USER, weightKg, seed));
    server.service.clock.advance(THREE_WEEKS_MS);
  }

  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const shot = async (name: string, target?: string): Promise<void> => {
    const path = resolve(images, `console-${name}.png`);
    if (target) await page.locator(target).screenshot({ path });
    else await page.screenshot({ path });
    process.stdout.write(`wrote docs/images/console-${name}.png\n`);
  };
  const settle = async (current: Page): Promise<void> => { await current.waitForLoadState('networkidle'); };

  await page.goto(`${server.baseUrl}/console`);
  await shot('sign-in');
  await signIn(page, server.baseUrl, server.key);
  await page.getByTestId('users-table').waitFor();
  await shot('users');

  await page.getByRole('link', { name: USER, exact: true }).click();
  await page.locator('[data-testid=history-chart] canvas').waitFor();
  await settle(page);
  await shot('user');

  // An upload from the browser, caught while it processes: a point-cloud capture (PLY) of a
  // synthetic person with the arms resting on the torso, so that the body model is fitted to it and
  // the diagnostics show the fit (a sandbox descriptor's body has no point-cloud fit).
  const person = makeSyntheticBody({ sex: 'female', heightM: 1.68, fatness: 0.55, seed: 9, armAngleDeg: 10, armsTouchTorso: true });
  const capture = writePly(sampleSyntheticCloud(person, { count: 150_000, seed: 4, noiseSigmaM: 0.002 }));
  await page.locator('#capture-file').setInputFiles({ name: 'capture.ply', mimeType: 'application/octet-stream', buffer: Buffer.from(capture) });
  await page.locator('[data-testid=stages] li[data-state=started]').first().waitFor({ timeout: 30_000 });
  await shot('scan-processing', '#status');
  await page.locator('.badge[data-status=READY]').first().waitFor({ timeout: 60_000 });
  await page.locator('[data-testid=scan-viewer][data-ready=true]').waitFor({ timeout: 30_000 });
  await settle(page);
  await shot('scan');
  await shot('scan-results', 'main > div > .columns');
  await shot('health-report', '#health-report');

  await page.getByLabel('Target value').fill('65');
  await page.getByRole('button', { name: 'Predict' }).click();
  await page.locator('[data-testid=predicted-viewer][data-ready=true]').waitFor({ timeout: 60_000 });
  await page.locator('[data-testid=current-viewer][data-ready=true]').waitFor({ timeout: 30_000 });
  await shot('prediction', '#predictions');
  await shot('diagnostics', '#diagnostics');
} finally {
  await browser.close();
  await server.stop();
}
