/**
 * Playwright's own HTML report opened as a downloaded CI artifact is: from
 * `file://`, with no server. A failing test's page must open without a script
 * error (issue 16: "Failed to fetch" for its error context) and show the error.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { PLAYWRIGHT_HTML_OPTIONS } from '../../reporting/playwright-html-options.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

/** A project of one failing test whose HTML report uses the run's options (or others, to show the fault). */
function reportOfOneFailure(dir: string, options: object): string {
  mkdirSync(join(dir, 'specs'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  writeFileSync(
    join(dir, 'pw.config.ts'),
    `import { defineConfig } from '@playwright/test';
export default defineConfig({ testDir: 'specs', reporter: [['html', { outputFolder: 'html', ...${JSON.stringify(options)} }]] });
`,
  );
  writeFileSync(
    join(dir, 'specs', 'one.spec.ts'),
    `import { expect, test } from '@playwright/test';
test('[ITEM-A-1] fails on purpose', () => { expect(1, 'the evidence line').toBe(2); });
`,
  );
  const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'playwright'), ['test', '-c', 'pw.config.ts'], { cwd: dir, encoding: 'utf8', timeout: 90_000 });
  expect(run.status, run.stdout + run.stderr).toBe(1);
  return join(dir, 'html', 'index.html');
}

/** Opens the report from file://, clicks the failing test and returns the script errors seen. */
async function scriptErrorsOpening(index: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`file://${index}`);
    await page.getByText('[ITEM-A-1] fails on purpose').first().click();
    await expect(page.getByText('the evidence line').first()).toBeVisible();
    // The error context is fetched as the test's page settles: give it the time it takes.
    await page.waitForTimeout(1_000);
    return errors;
  } finally {
    await browser.close();
  }
}

test("a failing test's page opens from file:// without a script error, its error shown", async () => {
  test.skip(!chromiumPath, 'no chromium on this machine (the CI installs it best effort)');
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'sc-pw-html-'));
  try {
    expect(await scriptErrorsOpening(reportOfOneFailure(join(dir, 'run'), PLAYWRIGHT_HTML_OPTIONS))).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the fault this guards against: without noCopyPrompt the page throws "Failed to fetch"', async () => {
  test.skip(!chromiumPath, 'no chromium on this machine (the CI installs it best effort)');
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'sc-pw-html-'));
  try {
    const errors = await scriptErrorsOpening(reportOfOneFailure(join(dir, 'run'), { ...PLAYWRIGHT_HTML_OPTIONS, noCopyPrompt: false }));
    expect(errors.join('\n')).toMatch(/Failed to fetch/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
