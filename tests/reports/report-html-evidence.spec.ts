import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { FAST_CHECK_ANNOTATION, fastCheckNote } from '../../results/records.js';
import { buildConformance } from '../../reporting/build.js';
import { loadCatalog } from '../../catalog/index.js';
import { parseFastCheck, signatureForm } from '../../reporting/evidence.js';
import { parseSpecTables } from '../../catalog/spec-source.js';
import { loadSpecTables, quoteAsRow, quoteHtml } from '../../reporting/html/quote.js';
import { renderHtml } from '../../reporting/html/page.js';
import type { PlaywrightReport } from '../../reporting/playwright-json.js';
import { checksFromReport } from '../../reporting/read-playwright-report.js';
import { CATALOG_DIR, tempDir } from './data/helpers.js';

/**
 * Evidence that needs no other file: a failed property's seed, path,
 * counterexample and replay command; a webhook failure's notifications and how
 * their signature is computed; quoted table rows as text; a linked entry below
 * the sticky bar. Built from a hand-made Playwright JSON report, as the real
 * run writes it (attachments base64, errors with colours).
 */

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64');
const PLANTED_TOKEN = 'whk-planted-token-31337';

// fast-check's message as the quota model's property leaves it (specs/shared/property.ts adds the replay line).
const FC_MESSAGE = `\u001b[31mError: Property failed after 3 tests
{ seed: 1261579167, path: "2:0:1", endOnFailure: true }
Counterexample: [Fill(4 × Create),Create /*replayPath="AE:B"*/]
Shrunk 2 time(s)

Hint: Enable verbose mode in order to have the list of all failing values encountered during the run

Replay with: FC_SEED=1261579167 FC_PATH=2:0:1 FC_REPLAY_PATH='AE:B' npx playwright test specs/items --grep '\\[ITEM-QUOTA-1\\]'\u001b[39m`;

const delivery = {
  at: Date.UTC(2026, 10, 20, 2, 0, 1),
  method: 'POST',
  url: '/hooks/h1?source=sandbox&n=1',
  headers: { 'content-type': 'application/json', 'x-service-timestamp': '1795531656001', 'x-service-signature': '9108af12ec2fb3c3f6ec077064bb45c313eba955d5f48a890ee3c0af5e8a4b3d' },
  body: `{"id":"n-1","type":"ITEM_INACTIVATED","occurred_on":1795531655998,"data":{"item_id":"itm_1","token":"${PLANTED_TOKEN}"}}`,
};

const failing = () => ({ status: 'unexpected' as const, results: [{ status: 'failed' as const, duration: 1200 }] });
const report: PlaywrightReport = {
  config: { version: '1.50.0' },
  stats: { startTime: '2026-11-20T02:00:00.000Z', duration: 60_000 },
  suites: [
    {
      file: 'items/quota-model.spec.ts',
      specs: [
        {
          id: 'model',
          title: '[ITEM-QUOTA-1][ITEM-CREATE-1] the quota model holds under any sequence',
          file: 'items/quota-model.spec.ts',
          line: 27,
          tests: [
            {
              ...failing(),
              results: [
                {
                  status: 'failed',
                  duration: 8000,
                  errors: [{ message: FC_MESSAGE }],
                  attachments: [
                    // Three runs of the same failure (shrinking): one box, counted.
                    ...[1, 2, 3].map(() => ({ name: 'evidence', contentType: 'application/json', body: b64({ requirements: ['ITEM-QUOTA-1'], title: 'after Create, GET /items/inactive holds the hidden items', expected: 'hidden: {itm_2}', actual: 'missing itm_2', severity: 'MUST' }) })),
                    { name: 'verdicts', contentType: 'application/json', body: b64({ passed: { 'ITEM-CREATE-1': 4 }, failed: { 'ITEM-QUOTA-1': 1 } }) },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      file: 'webhooks/signature.spec.ts',
      specs: [
        {
          id: 'sig',
          title: '[WH-SIG-1][WH-RETRY-1] notifications are signed',
          file: 'webhooks/signature.spec.ts',
          line: 12,
          tests: [
            {
              ...failing(),
              results: [
                {
                  status: 'failed',
                  duration: 900,
                  errors: [{ message: 'ConformanceFailures: 1 assertion failed, on WH-SIG-1' }],
                  attachments: [
                    { name: 'evidence', contentType: 'application/json', body: b64({ requirements: ['WH-SIG-1'], title: 'each notification is signed: WH-SIG-1', expected: 'a valid signature', actual: 'request 1: signature does not match', severity: 'MUST', soft: true }) },
                    { name: 'deliveries', contentType: 'application/json', body: b64([delivery, ...[2, 3, 4].map((n) => ({ ...delivery, url: `/hooks/h1?n=${n}` }))]) },
                    { name: 'verdicts', contentType: 'application/json', body: b64({ passed: { 'WH-RETRY-1': 1 }, failed: { 'WH-SIG-1': 1 } }) },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

const read = checksFromReport(report);
const rep = buildConformance({ read, catalog: loadCatalog(CATALOG_DIR), target: 'embedded reference' });
const QUOTA_TABLE = `| State | Trigger | Condition | Next state | Also |
|---|---|---|---|---|
| (none) | POST /items | Quota has a free slot | active | 201 with id |
| (none) | POST /items | Quota exceeded | inactive | Still answered 201 |
`;
const html = renderHtml(rep, { specTables: parseSpecTables(QUOTA_TABLE) });

test('a failed property: seed, path, shrunk counterexample and replay command, parsed from the error and shown in its entry', () => {
  const model = read.checks.find((c) => c.id === 'model')!;
  expect(model.fastCheck).toEqual({
    afterRuns: 3,
    seed: '1261579167',
    path: '2:0:1',
    counterexample: '[Fill(4 × Create),Create /*replayPath="AE:B"*/]',
    replayPath: 'AE:B',
    shrunk: 2,
    replay: "FC_SEED=1261579167 FC_PATH=2:0:1 FC_REPLAY_PATH='AE:B' npx playwright test specs/items --grep '\\[ITEM-QUOTA-1\\]'",
  });
  const entry = html.slice(html.indexOf('id="req-ITEM-QUOTA-1"'), html.indexOf('</details>', html.indexOf('id="req-ITEM-QUOTA-1"')));
  expect(entry).toContain('Property-based check: failed after 3 runs, shrunk 2 times');
  for (const text of ['<dt>seed</dt><dd><code>1261579167</code>', '<dt>path</dt><dd><code>2:0:1</code>', 'Fill(4 × Create),Create', 'FC_SEED=1261579167 FC_PATH=2:0:1 FC_REPLAY_PATH=&#39;AE:B&#39; npx playwright test']) {
    expect(entry).toContain(text);
  }
  // Shrinking's repeats of one failure: one evidence box, counted.
  expect(entry.match(/<h4>Evidence \d/g)).toHaveLength(1);
  expect(entry).toContain('seen 3 times');
  // Shown where the failure was charged, not under the rule the property passed.
  const create = html.slice(html.indexOf('id="req-ITEM-CREATE-1"'), html.indexOf('</details>', html.indexOf('id="req-ITEM-CREATE-1"')));
  expect(create).not.toContain('Property-based check');
});

test('the fast-check annotations of the PKCE property give seed, path and replay when the message holds none', () => {
  const f = parseFastCheck(['Error: ...'], [{ type: 'fast-check', description: 'seed=42 path=3:1' }, { type: 'fast-check', description: 'replay: SC_FC_SEED=42 SC_FC_PATH=3,1' }]);
  expect(f).toEqual({ seed: '42', path: '3:1', replay: 'SC_FC_SEED=42 SC_FC_PATH=3,1' });
  // A seed alone, annotated on every run, is no failure.
  expect(parseFastCheck([], [{ type: 'fast-check', description: 'seed=42' }])).toBeUndefined();
});

test('a fast-check annotation in the one format (results/records.ts fastCheckNote) reads back whole, and so do the older forms', () => {
  const replay = "FC_SEED=7 npx playwright test specs/webhooks --grep '\\[WH-SIG-1\\]'";
  const note = (n: Parameters<typeof fastCheckNote>[0]) => ({ type: FAST_CHECK_ANNOTATION, description: fastCheckNote(n) });
  expect(parseFastCheck(['Error: ...'], [note({ seed: 7, path: '2:0:1', note: '3 fixed examples, 5 drawn', replay })])).toEqual({ seed: '7', path: '2:0:1', replay });
  expect(parseFastCheck(['Error: ...'], [note({ seed: 42 }), note({ seed: 42, path: '3:1', replay: 'SC_FC_SEED=42 SC_FC_PATH=3,1' })])).toEqual({ seed: '42', path: '3:1', replay: 'SC_FC_SEED=42 SC_FC_PATH=3,1' });
  // drawCases' form before the one format.
  expect(parseFastCheck(['Error: ...'], [{ type: 'fast-check', description: `seed=7: 3 fixed examples, 5 drawn; replay with: ${replay}` }])).toEqual({ seed: '7', replay });
});

test('a webhook failure shows the notifications received, masked, and how the signature is computed, never the token', () => {
  const entry = html.slice(html.indexOf('id="req-WH-SIG-1"'), html.indexOf('</details>', html.indexOf('id="req-WH-SIG-1"') + 10));
  for (const text of [
    'Notifications received (4)',
    'POST /hooks/h1?source=sandbox&amp;n=1',
    'x-service-timestamp: 1795531656001',
    '&quot;type&quot;:&quot;ITEM_INACTIVATED&quot;',
    'HMAC-SHA256 keyed by the subscription&#39;s webhook token (the token is not shown)',
    'the body above + &quot;:&quot; + &quot;1795531656001&quot;',
    '64 hex characters (32 bytes)',
    // The fourth notification is folded.
    '<summary>1 more notification</summary>',
  ]) {
    expect(entry).toContain(text);
  }
  expect(html).not.toContain(PLANTED_TOKEN);
  expect(html).not.toContain('9108af12ec2fb3c3');
  expect(signatureForm('kQivEuwvs8P27AdwZLtFwxPrqVXV9IqJDuPAr16KSz0=')).toBe('44 base64 characters (32 bytes)');
});

test('a quoted table row reads as "column: value" text, with the header of its table in the spec', () => {
  expect(html).toContain('<span class="q-col">State:</span> (none); <span class="q-col">Trigger:</span> POST /items; <span class="q-col">Condition:</span> Quota exceeded;');
  expect(quoteHtml('A plain `sentence`.', [])).toBe('<blockquote>A plain <code>sentence</code>.</blockquote>');
  // Without the spec, the cells are still text, not table syntax.
  expect(quoteAsRow('| main_image | object | yes |', [])).toEqual([['', 'main_image'], ['', 'object'], ['', 'yes']]);
  // The catalog's record of the spec's tables (catalog/spec-source.json): no spec beside the repository needed.
  const tables = loadSpecTables();
  expect(quoteAsRow('(none) | POST /items | Quota exceeded | inactive | Still answered 201', tables)).toEqual([
    ['State', '(none)'],
    ['Trigger', 'POST /items'],
    ['Condition', 'Quota exceeded'],
    ['Next state', 'inactive'],
    ['Also', 'Still answered 201'],
  ]);
  expect(quoteAsRow('subcategories | array of Category | Recursive', tables)?.map(([c]) => c)).toEqual(['Field', 'Type', 'Notes']);
});

const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

test('in Chromium a linked entry opens below the sticky filter bar (screenshot: evidence.png)', async () => {
  test.skip(!chromiumPath, 'no chromium on this machine (the CI installs it best effort)');
  const file = join(tempDir('sc-evidence-'), 'conformance.html');
  writeFileSync(file, html);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    // Narrow: the bar wraps to two lines, the case where a fixed offset would hide the entry's summary.
    const page = await browser.newPage({ viewport: { width: 900, height: 1000 } });
    await page.goto(`file://${file}`);
    await page.click('#failing a[href="#req-WH-SIG-1"]');
    const entry = page.locator('#req-WH-SIG-1');
    await expect(entry).toHaveAttribute('open', '');
    const bar = await page.locator('nav.filters').boundingBox();
    const box = await entry.boundingBox();
    expect(bar!.height).toBeGreaterThan(40);
    expect(box!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
    expect(box!.y).toBeLessThan(bar!.y + bar!.height + 40);
    await expect(entry.locator('.delivery').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('evidence.png') });
    // The same from a link opened directly (a mail, a CI summary): #req-… in the address.
    await page.goto(`file://${file}#req-ITEM-QUOTA-1`);
    const quota = await page.locator('#req-ITEM-QUOTA-1').boundingBox();
    const bar2 = await page.locator('nav.filters').boundingBox();
    expect(quota!.y).toBeGreaterThanOrEqual(bar2!.y + bar2!.height - 1);
    await expect(page.locator('#req-ITEM-QUOTA-1 .evidence.fc')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('property.png') });
  } finally {
    await browser.close();
  }
});
