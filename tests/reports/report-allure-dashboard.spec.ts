import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { generateAllure } from '../../reporting/allure.js';
import { tempDir } from './data/helpers.js';

/**
 * Allure's dashboard (reporting/allure.ts generateAllure): built beside the
 * Awesome report as allure/dashboard.html, analytics tag removed, and fed
 * Allure's history from SC_HISTORY so that its trend spans runs. Two runs of a
 * few hand-made results; the dashboard opened offline in Chromium.
 */

function results(dir: string, statuses: string[]): void {
  mkdirSync(dir, { recursive: true });
  statuses.forEach((status, i) => {
    const uuid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}${statuses.length}`.slice(0, 36);
    const labels = [
      { name: 'epic', value: 'Items' },
      { name: 'severity', value: 'critical' },
    ];
    writeFileSync(
      join(dir, `${uuid}-result.json`),
      JSON.stringify({ uuid, historyId: `check-${i}`, testCaseId: `check-${i}`, fullName: `check ${i}`, name: `[ITEM-QUOTA-${i + 1}] check ${i}`, status, start: 1_000 + i, stop: 2_000 + i, labels, steps: [], attachments: [] }),
    );
  });
}

test('the dashboard is written beside the Awesome report, offline, and its trend reads the history of earlier runs (screenshot: dashboard.png)', async () => {
  test.setTimeout(180_000);
  const root = tempDir('sc-allure-dash-');
  const history = join(root, 'history');
  const out = join(root, 'allure');
  results(join(root, 'night-1'), ['passed', 'passed', 'failed']);
  results(join(root, 'night-2'), ['passed', 'passed', 'passed', 'passed']);
  const started = Date.now();
  expect(generateAllure(join(root, 'night-1'), out, 'Seller Connect conformance', history)).toBeUndefined();
  expect(generateAllure(join(root, 'night-2'), out, 'Seller Connect conformance', history)).toBeUndefined();
  test.info().annotations.push({ type: 'duration', description: `two Allure builds in ${Date.now() - started} ms` });
  for (const file of ['index.html', 'dashboard.html']) {
    const html = readFileSync(join(out, file), 'utf8');
    expect(html, file).not.toContain('googletagmanager');
    expect(html, file).not.toMatch(/gtag\(/);
  }
  // Allure's own history: one line per run, kept in the SC_HISTORY folder.
  expect(readFileSync(join(history, 'allure-history.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
  // Without SC_HISTORY nothing is kept.
  expect(generateAllure(join(root, 'night-2'), join(root, 'plain'), undefined, undefined)).toBeUndefined();
  expect(existsSync(join(root, 'plain', 'dashboard.html'))).toBe(true);

  const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  test.skip(!chromiumPath, 'no chromium on this machine (the CI installs it best effort)');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!/^(file|data|blob):/.test(r.url())) outside.push(r.url());
    });
    await page.goto(`file://${join(out, 'dashboard.html')}`);
    await expect(page.getByText('Status dynamics')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Current status')).toBeVisible();
    // The trend has the earlier run beside "Latest".
    await expect(page.getByText('Latest').first()).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: test.info().outputPath('dashboard.png') });
    expect(outside).toEqual([]);
  } finally {
    await browser.close();
  }
});
