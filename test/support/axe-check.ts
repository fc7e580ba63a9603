// axe-core inside the page under test. Its source goes in through the DevTools protocol
// (page.evaluate), not a <script> tag: the console's CSP rightly refuses inline scripts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding { id: string; impact: string | null; help: string; targets: string[] }

/** The serious and critical violations axe finds on the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    // Runs in the page, where `document` exists; the test's own types have no DOM.
    const result = await axe.run((globalThis as unknown as { document: unknown }).document);
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  });
}
