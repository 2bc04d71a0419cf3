import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CSS } from '../../reporting/html/assets.js';
import { groupPassChart, sectionPassChart, slowestChecks, verdictMixChart } from '../../reporting/html/charts.js';
import { trendChart } from '../../reporting/html/trend-chart.js';
import { renderHtml } from '../../reporting/html/page.js';
import { HISTORY_LIMIT, runPoint, runTrend } from '../../reporting/history.js';
import type { CheckResult } from '../../results/check-result.js';
import type { ConformanceReport } from '../../reporting/report-types.js';
import { check, reportFromChecks, tempDir } from './data/helpers.js';

/**
 * The charts of conformance.html (reporting/html/charts.ts), on hand-made
 * reports over the synthetic catalog: what each one counts, that each has a
 * title and its numbers as text, and that the trend reads SC_HISTORY and
 * SC_PREVIOUS_REPORT. A screenshot in Chromium shows them as a reader does.
 */

const passed = (ids: string[], ms = 100, extra: Partial<CheckResult> = {}) =>
  check({ title: `${ids.map((i) => `[${i}]`).join('')} passes`, ids, durationMs: ms, ledger: { passed: Object.fromEntries(ids.map((i) => [i, 1])), failed: {} }, ...extra });
const failed = (id: string, ms = 100, title = `[${id}] fails`) =>
  check({ title, ids: [id], status: 'failed', rawStatus: 'failed', durationMs: ms, evidence: [{ requirements: [id], title: 'broken', expected: 'a', actual: 'b', severity: 'MUST' }], ledger: { passed: {}, failed: { [id]: 1 } } });

// GEN 1/1 passed; ITEM: one MUST failing, two passing (one check proves two rules and is slow), one not exercised
// (a 401 to a token proven dead), two without a check; AUTH, WH, TX partly.
function sample(): ConformanceReport {
  return reportFromChecks([
    passed(['GEN-AUTH-1'], 300),
    check({ title: '[ITEM-QUOTA-2] lowering', ids: ['ITEM-QUOTA-2'], status: 'skipped', rawStatus: 'skipped', durationMs: 20, skipReason: 'not exercised [auth_ambiguous]: the token was proven dead' }),
    failed('ITEM-QUOTA-1', 2_500, '[ITEM-QUOTA-1] a create beyond the quota answers 201 and the item is inactive'),
    passed(['ITEM-CREATE-1', 'ITEM-LIST-2'], 9_000),
    passed(['AUTH-REFRESH-2'], 1_200),
    passed(['WH-SIG-1'], 4_000),
    passed(['TX-REQ-1'], 50),
  ]);
}
const rep = sample();

test('the server MUST rules per group: groups in the order GEN, AUTH, ITEM, TX, WH, each bar over every testable MUST rule, not exercised in its own colour, never 100% of what ran', () => {
  const svg = groupPassChart(rep);
  const rows = [...svg.matchAll(/class="lbl[^"]*">([A-Z]+)<\/text>/g)].map((m) => m[1]);
  expect(rows).toEqual(['GEN', 'AUTH', 'ITEM', 'TX', 'WH']);
  expect(svg).toContain('100% · 1/1 passed');
  // ITEM: 2 of its 6 testable MUST rules passed, 1 failed, 1 not exercised: 33.3%, not "66.7% of 3 exercised".
  expect(svg).toContain('33.3% · 2/6 passed · 1 failing · 1 not exercised');
  const item = svg.match(/<g class="row failing"><title>ITEM[\s\S]*?<\/g>/)?.[0] ?? '';
  expect([...item.matchAll(/class="(c-[a-z]+)"/g)].map((m) => m[1])).toEqual(['c-track', 'c-pass', 'c-fail', 'c-notex']);
  // Title and text alternative: the numbers as sentences.
  expect(svg).toMatch(/<svg role="img" aria-labelledby="chart-groups-t chart-groups-d"/);
  expect(svg).toContain('<title id="chart-groups-t">Server MUST rules per group: passed, failed, not exercised, not applicable</title>');
  expect(svg).toMatch(/<desc id="chart-groups-d">[^<]*ITEM: judged 3 of 6 testable MUST rules: 2 passed, 1 failed, 1 not exercised, 0 not applicable, 2 without a check/);
});

test('a group whose MUST rules all went unjudged reads 0%, in the not-exercised colour, never 100%', () => {
  const svg = groupPassChart(reportFromChecks([check({ title: '[GEN-AUTH-1] x', ids: ['GEN-AUTH-1'], status: 'skipped', rawStatus: 'skipped', skipReason: 'not exercised [rate_limited]: 429 after 4 retries' })]));
  expect(svg).toContain('0% · 0/1 passed · 1 not exercised');
  expect(svg).toMatch(/<g class="row unjudged"><title>GEN[^<]*<\/title>[\s\S]*?class="c-notex"/);
  expect(svg).not.toMatch(/>100%/);
});

test('the server MUST rules per spec section name every section, the failing one in red', () => {
  const svg = sectionPassChart(rep);
  for (const s of [...new Set(rep.requirements.map((r) => r.section))]) expect(svg).toContain(s.replace(/ > /g, ' › ').slice(0, 20));
  expect(svg).toMatch(/<g class="row failing"><title>States and transitions &gt; Item: judged 1 of 2 testable MUST rules: 0 passed, 1 failed, 1 not exercised/);
});

test('the verdict mix per group adds up to the group and names all eight kinds', () => {
  const svg = verdictMixChart(rep);
  expect(svg).toContain('ITEM (6 requirements): 2 passed, 1 MUST failed, 0 rules with SHOULD findings, 1 not exercised, 0 not applicable, 0 not testable, 0 suite side, 2 no check');
  expect(svg).toContain('AUTH (3 requirements): 1 passed, 0 MUST failed, 0 rules with SHOULD findings, 0 not exercised, 0 not applicable, 1 not testable, 0 suite side, 1 no check');
  for (const label of ['passed', 'MUST failed', 'rules with SHOULD findings', 'not exercised', 'not applicable', 'not testable', 'suite side', 'no check']) expect(svg).toMatch(new RegExp(`class="legend">${label} \\d+<`));
});

test('the slowest checks: each check once though it proves two rules, slowest first', () => {
  const slow = slowestChecks(rep, 3);
  expect(slow.map((c) => c.durationMs)).toEqual([9_000, 4_000, 2_500]);
  expect(slow.filter((c) => c.title.startsWith('[ITEM-CREATE-1][ITEM-LIST-2]'))).toHaveLength(1);
  expect(slow[2].failed).toBe(true);
});

test('every chart colour is a class whose fill is one of the page CSS variables', () => {
  const page = renderHtml(rep, { trend: [runPoint(rep), runPoint(rep)] });
  const classes = new Set([...page.matchAll(/<(?:rect|circle)[^>]*class="(c-[a-z]+)/g)].map((m) => m[1]));
  expect([...classes].sort()).toEqual(expect.arrayContaining(['c-fail', 'c-info', 'c-pass', 'c-track']));
  for (const c of classes) expect(CSS).toMatch(new RegExp(`\\.${c} \\{ fill:(var\\(--[a-z-]+\\)|#[0-9a-f]{6})`));
  expect(page).not.toMatch(/<svg[^>]*\bhref=|xlink:href|<image\b/);
});

test('SC_HISTORY: each whole run appends one summary, the trend reads the last 30, a narrowed run is drawn but not kept', () => {
  const dir = tempDir('sc-history-');
  // 34 earlier nights, one failing rule from night 20 on.
  for (let i = 0; i < 34; i++) {
    const p = { ...runPoint(rep), time: new Date(Date.UTC(2026, 9, 1 + i, 2)).toISOString(), failing: i >= 20 ? ['ITEM-QUOTA-1'] : [], mustRate: i >= 20 ? 0.9 : 1 };
    writeFileSync(join(dir, `run-${p.time.replace(/[:.]/g, '-')}.json`), JSON.stringify(p));
  }
  const now = { ...rep, run: { ...rep.run, startTime: '2026-11-20T02:00:00.000Z' } };
  const points = runTrend({ history: dir }, now);
  expect(points).toHaveLength(HISTORY_LIMIT);
  expect(points[points.length - 1].time).toBe('2026-11-20T02:00:00.000Z');
  expect(readdirSync(dir)).toHaveLength(35);
  // The same run rebuilt (--report-only) replaces its own summary.
  runTrend({ history: dir }, now);
  expect(readdirSync(dir)).toHaveLength(35);
  // A narrowed run is not kept.
  runTrend({ history: dir }, { ...now, run: { ...now.run, startTime: '2026-11-21T02:00:00.000Z', filtered: '--grep @items' } });
  expect(readdirSync(dir)).toHaveLength(35);
  const svg = trendChart(points);
  expect(svg).toContain(`MUST pass rate and failing rules over the last ${HISTORY_LIMIT} runs`);
  expect(svg).toContain('this run');
  expect(svg.match(/<circle /g)).toHaveLength(HISTORY_LIMIT);
  // Passed of testable (13 server MUST rules), never passed of what ran.
  expect(svg).toContain('<li>this run: MUST pass rate 46.2% (6 passed of 13 testable, 7 judged, 1 not exercised); 1 failing: ITEM-QUOTA-1</li>');
});

test('SC_PREVIOUS_REPORT without a history: the run before and this one, and what changed in words', () => {
  const dir = tempDir('sc-prev-');
  const before = reportFromChecks([passed(['GEN-AUTH-1']), passed(['ITEM-QUOTA-1']), passed(['ITEM-CREATE-1', 'ITEM-LIST-2'])]);
  const file = join(dir, 'previous.json');
  writeFileSync(file, JSON.stringify({ ...before, run: { ...before.run, startTime: '2026-11-19T02:00:00.000Z' } }));
  const points = runTrend({ previousReport: file }, { ...rep, run: { ...rep.run, startTime: '2026-11-20T02:00:00.000Z' } });
  expect(points.map((p) => p.failing)).toEqual([[], ['ITEM-QUOTA-1']]);
  expect(trendChart(points)).toContain('MUST pass rate up 15.4 points to 46.2%; newly failing: ITEM-QUOTA-1');
  // No setting: no trend chart at all; only one run: a note, no chart.
  expect(runTrend({}, rep)).toEqual([]);
  expect(trendChart([runPoint(rep)])).toContain('the trend starts with the next run');
});

const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

test('in Chromium what to fix comes first, the charts after it, offline, each with its title (screenshot: charts.png)', async () => {
  test.skip(!chromiumPath, 'no chromium on this machine (the CI installs it best effort)');
  const dir = tempDir('sc-charts-');
  const history = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19'].map((d, i) => ({ ...runPoint(rep), time: `${d}T02:00:00.000Z`, mustRate: [1, 1, 0.8, 1][i], failing: i === 2 ? ['ITEM-LIST-2'] : [] }));
  const file = join(dir, 'conformance.html');
  writeFileSync(file, renderHtml(rep, { trend: [...history, { ...runPoint(rep), time: '2026-11-20T02:00:00.000Z' }] }));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`error: ${e.message}`));
    page.on('request', (r) => {
      if (!r.url().startsWith('file:')) problems.push(`request: ${r.url()}`);
    });
    await page.goto(`file://${file}`);
    for (const id of ['chart-groups', 'chart-trend', 'chart-mix', 'chart-sections', 'chart-slowest']) {
      const box = await page.locator(`#${id} svg`).boundingBox();
      expect(box?.width, id).toBeGreaterThan(300);
      expect(box?.height, id).toBeGreaterThan(60);
      await expect(page.locator(`#${id} figcaption`)).not.toBeEmpty();
    }
    // What to fix first right under the gate, the charts after it, the catalog last (the findings' place: report-html.spec.ts).
    const top = async (sel: string) => (await page.locator(sel).first().boundingBox())?.y ?? -1;
    expect(await top('#failing')).toBeLessThan(await top('#chart-groups'));
    expect(await top('#chart-groups')).toBeLessThan(await top('section.spec-section'));
    // On a 1366×768 screen the MUST failures start on the first screen.
    await page.setViewportSize({ width: 1366, height: 768 });
    expect(await top('#failing')).toBeLessThan(768);
    // The group bar of a group with a MUST failure has a red part.
    await expect(page.locator('#chart-groups g.row.failing rect.c-fail')).toHaveCount(1);
    const red = await page.locator('#chart-groups rect.c-fail').evaluate((el) => getComputedStyle(el).fill);
    expect(red).toBe('rgb(180, 35, 24)');
    await page.screenshot({ path: test.info().outputPath('charts.png'), fullPage: false });
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
  expect(readFileSync(file, 'utf8')).not.toMatch(/<script[^>]*\bsrc=/);
});
