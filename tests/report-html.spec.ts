import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { chromium } from '@playwright/test';
import { renderHtml } from '../reporting/html.js';
import { check, filesFrom, fixture, reportFrom, reportFromChecks } from './fixtures-report/helpers.js';

/**
 * conformance.html: one self-contained file, the failing requirement at the
 * top, every verdict explained.
 */

const mixed = filesFrom(fixture('run-mixed.json'));
const html = readFileSync(mixed.htmlFile, 'utf8');

test('the page loads nothing from outside: inline CSS and script only', () => {
  expect(html).not.toMatch(/<script[^>]*\bsrc=/i);
  expect(html).not.toMatch(/<link\b/i);
  expect(html).not.toMatch(/<img\b/i);
  expect(html).not.toMatch(/\burl\(|@import/i);
  expect(html).not.toMatch(/href="(?!#)/);
  expect(html).toContain('<style>');
});

test('the failing requirement is at the top: gate, figures, then the red list linking to it', () => {
  const gate = html.indexOf('Gate: FAILED');
  const failingBox = html.indexOf('id="failing"');
  const firstSection = html.indexOf('class="spec-section"');
  expect(gate).toBeGreaterThan(0);
  expect(failingBox).toBeGreaterThan(gate);
  expect(failingBox).toBeLessThan(firstSection);
  const box = html.slice(failingBox, html.indexOf('</div>', failingBox));
  expect(box).toContain('<a href="#req-ITEM-CREATE-1">ITEM-CREATE-1</a>');
  expect(box).toContain('POST http://127.0.0.1:4010/api/items → 500');
  // The entry itself is open and highlighted.
  expect(html).toMatch(/<details class="req failed-must" id="req-ITEM-CREATE-1" data-verdict="failed" open>/);
});

test('the headline figures are there: MUST pass rate, SHOULD findings, share exercised, target, time', () => {
  for (const text of ['MUST pass rate', '71.4%', '5 of 7 exercised', 'SHOULD findings', 'Catalog exercised', '53.3%', 'embedded reference', '2026-11-20 02:00:00 UTC', '1 min 24 s']) {
    expect(html).toContain(text);
  }
});

test('every verdict is explained: reasons, decisions, suite gaps, problems', () => {
  for (const text of [
    '<b>Not exercised:</b> needs the control API (SC_CONTROL_URL)',
    '<b>Not testable:</b> The spec does not show the lifetimes',
    'Left without a check on purpose (skip list)',
    'Testable requirements without a check (a gap in the suite) (2)',
    'The spec is ambiguous or contradicts itself here.',
    'WH-SIG-9 is not in the catalog',
    'SHOULD findings (3 in 2 requirements',
  ]) {
    expect(html).toContain(text);
  }
});

test('a failure no single exchange shows (a model, a list) names what was expected and what came, never "no answer"', () => {
  const evidence = { requirements: ['ITEM-QUOTA-1'], title: 'round 1: the active items fill the limit exactly', expected: '5 active items', actual: '10 active items' };
  const page = renderHtml(reportFromChecks([check({ title: '[ITEM-QUOTA-1] races', ids: ['ITEM-QUOTA-1'], status: 'failed', rawStatus: 'failed', evidence: [evidence] })]));
  const box = page.slice(page.indexOf('id="failing"'), page.indexOf('</div>', page.indexOf('id="failing"')));
  expect(box).toContain('<i>round 1: the active items fill the limit exactly</i> (expected 5 active items; got 10 active items)');
  expect(box).not.toContain('no answer');
});

test('a passing run shows a green gate', () => {
  const page = renderHtml(reportFrom('run-should-only.json'));
  expect(page).toContain('<header class="gate pass">');
  expect(page).toContain('Gate: PASSED');
  expect(page).not.toContain('id="failing"');
});

test('titles and messages are escaped', () => {
  const page = renderHtml(
    reportFromChecks([check({ title: '[ITEM-CREATE-1] <script>alert(1)</script>', ids: ['ITEM-CREATE-1'], status: 'failed', rawStatus: 'failed', errors: ['<img src=x onerror=alert(1)>'] })]),
  );
  expect(page).not.toContain('<script>alert(1)');
  expect(page).not.toContain('<img src=x');
  expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
});

const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

test('the page works offline in a browser: no request, no script error, filters and links work', async () => {
  test.skip(!chromiumPath, 'no chromium on this machine (the CI installs it best effort)');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`error: ${e.message}`));
    page.on('request', (r) => {
      if (!r.url().startsWith('file:')) problems.push(`request: ${r.url()}`);
    });
    await page.goto(`file://${mixed.htmlFile}`);
    await expect(page.locator('header .gate-verdict')).toHaveText('Gate: FAILED');
    await page.click('button[data-filter="failed"]');
    await expect(page.locator('details.req:not(.hidden)')).toHaveCount(2);
    await page.click('button[data-filter="all"]');
    await page.fill('#search', 'lifetime');
    await expect(page.locator('details.req:not(.hidden)')).toHaveCount(1);
    await expect(page.locator('section.spec-section:not(.hidden)')).toHaveCount(1);
    await page.fill('#search', '');
    await page.click('#failing a[href="#req-ITEM-LIST-2"]');
    await expect(page.locator('#req-ITEM-LIST-2')).toHaveAttribute('open', '');
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});
