import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { chromium } from '@playwright/test';
import { renderHtml } from '../../reporting/html/page.js';
import { check, filesFrom, fixture, reportFrom, reportFromChecks } from './data/helpers.js';

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
  expect(box).toContain('POST /items with a valid payload answers 201: expected 201; got 500');
  // Its check run again in the user's project (the reproduce line of its exchange: tests/package/reproduce.spec.ts).
  expect(box).toContain('<code class="repro" title="runs this check again in your project">npx seller-connect-conformance --rule ITEM-CREATE-1</code>');
  // The entry itself is open and highlighted.
  expect(html).toMatch(/<details class="req failed-must" id="req-ITEM-CREATE-1" data-verdict="failed" open>/);
});

test('what to fix comes first: the gate, the MUST failures, the rules with SHOULD findings (most checks first), then the headline, figures and charts', () => {
  const at = (s: string) => html.indexOf(s);
  const order = ['Gate: FAILED', 'id="failing"', 'id="findings"', 'id="headline"', 'class="figures"', 'id="chart-groups"', 'class="spec-section"'].map(at);
  expect(order.every((n) => n > 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  const findings = html.slice(at('id="findings"'), html.indexOf('</div></li></ol>', at('id="findings"')));
  // GEN-ERR-2 touches two checks (a failing one, an annotation), AUTH-REFRESH-2 one.
  expect(findings.indexOf('req-GEN-ERR-2')).toBeLessThan(findings.indexOf('req-AUTH-REFRESH-2'));
  expect(findings).toContain('<span class="chip">2 checks</span>');
  expect(findings).toContain('npx seller-connect-conformance --rule AUTH-REFRESH-2');
});

test('the headline comes first: testable server MUST rules judged, why not the rest, then SHOULD findings, target, time; never a pass rate of what ran', () => {
  const headline = 'judged 7 of 13 testable: 5 passed (1 with SHOULD findings) · 2 failed · 0 not exercised · 3 not applicable (no_control_api 2, no_direct_sessions 1) · 3 without a check';
  for (const text of ['Judged <b>7</b> of <b>13</b> testable MUST rules of the server', headline, 'apart: 0 client-side rules', '1 stated MUST duty not testable', 'no duty: 0 open points of the spec, 0 descriptions', 'MUST not exercised', 'MUST not applicable', 'SHOULD findings', 'embedded reference', '2026-11-20 02:00:00 UTC', '1 min 24 s']) {
    expect(html).toContain(text);
  }
  expect(html.indexOf(headline)).toBeLessThan(html.indexOf('class="figures"'));
  expect(html).not.toContain('MUST pass rate</div>');
  expect(html).not.toContain('71.4%');
});

test('every verdict is explained: reasons, decisions, suite gaps, problems', () => {
  for (const text of [
    '<b>Not applicable [no_control_api]:</b> needs the control API (SC_CONTROL_URL)',
    '<b>Not applicable [no_direct_sessions]:</b> needs a direct-integrator session',
    '<b>Not testable:</b> The spec does not show the lifetimes',
    'Left without a check on purpose (skip list)',
    'Testable requirements without a check (a gap in the suite) (2)',
    'The spec is ambiguous or contradicts itself here.',
    'WH-SIG-9 is not in the catalog',
    'SHOULD findings: 2 rules with 3 SHOULD findings',
  ]) {
    expect(html).toContain(text);
  }
});

test('a failure no single exchange shows (a model, a list) names what was expected and what came, never "no answer"', () => {
  const evidence = { requirements: ['ITEM-QUOTA-1'], title: 'round 1: the active items fill the limit exactly', expected: '5 active items', actual: '10 active items' };
  const page = renderHtml(reportFromChecks([check({ title: '[ITEM-QUOTA-1] races', ids: ['ITEM-QUOTA-1'], status: 'failed', rawStatus: 'failed', evidence: [evidence] })]));
  const box = page.slice(page.indexOf('id="failing"'), page.indexOf('</div>', page.indexOf('id="failing"')));
  expect(box).toContain('round 1: the active items fill the limit exactly: expected 5 active items; got 10 active items');
  expect(box).not.toContain('no answer');
});

test('a passing run shows a green gate', () => {
  const page = renderHtml(reportFrom('run-should-only.json'));
  expect(page).toContain('<header class="gate pass">');
  expect(page).toContain('Gate: PASSED');
  expect(page).not.toContain('id="failing"');
});

test('a run with a reachable MUST rule not exercised shows an amber INCOMPLETE gate, never green, and lists the rule with its reason code', () => {
  const page = renderHtml(
    reportFromChecks([
      check({ title: '[GEN-AUTH-1] refused', ids: ['GEN-AUTH-1'], ledger: { passed: { 'GEN-AUTH-1': 1 }, failed: {} } }),
      check({ title: '[ITEM-IMG-2] order', ids: ['ITEM-IMG-2'], status: 'skipped', rawStatus: 'skipped', skipReason: 'not exercised [auth_ambiguous]: a 401 to a token proven dead' }),
    ]),
  );
  expect(page).toContain('<header class="gate incomplete">');
  expect(page).toContain('<div class="gate-verdict">Gate: INCOMPLETE</div><div class="gate-exit">exit 3</div>');
  expect(page).toContain('<title>INCOMPLETE — Seller Connect conformance</title>');
  expect(page).toContain('Judged <b>1</b> of <b>13</b> testable MUST rules of the server');
  expect(page).toContain('1 not exercised (auth_ambiguous 1)');
  const box = page.slice(page.indexOf('id="not-exercised"'), page.indexOf('</div>', page.indexOf('id="not-exercised"')));
  expect(box).toContain('<a href="#req-ITEM-IMG-2">ITEM-IMG-2</a> <span class="chip">auth_ambiguous</span>');
  expect(page).toContain('<span class="badge b-not-exercised">not exercised [auth_ambiguous]</span>');
  expect(page).not.toContain('gate pass');
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
