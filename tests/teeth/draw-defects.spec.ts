import { expect, test } from '@playwright/test';
import { DEFECTS } from '../../reference/defects/index.js';
import { drawFreedoms, formatFreedoms } from '../../reference/freedoms.js';
import { drawnDefects, PINNED, runOnDraws, sampleDefects } from '../../teeth/draw-defects.js';
import { formatOnDraws, judgeOnDraw } from '../../teeth/draw-defects-verdict.js';
import { fakeOutcome, fakeReport } from '../../teeth/testing/reports.js';

/**
 * Defects on drawn servers (teeth/draw-defects*.ts, issue 39 item 6): the sample, the draws and their pins, the
 * verdicts on hand-made reports, and the run on a fake runner. The real runs: npm run kill-matrix -- --defects --on-draws S.
 */

test('a seed samples the same defects without repeat, and the i-th meets the server of seed S + i, its pinned freedoms left at their defaults', () => {
  const names = Object.keys(DEFECTS);
  const sample = sampleDefects(names, 39, 16);
  expect(sample).toEqual(sampleDefects(names, 39, 16));
  expect(new Set(sample).size).toBe(16);
  expect(sample).not.toEqual(sampleDefects(names, 40, 16));
  for (const pinned of Object.values(PINNED).flat()) expect(Object.keys(drawFreedoms(1))).toContain(pinned);

  // Seed 39008 draws pages of 1: the defect's own pages of 8 win, and the row says so.
  expect(drawFreedoms(39008)['page-size']).toBe('1');
  const [paging, plain] = drawnDefects(['page-8-drops-boundary-item', 'create-answers-200'], 39008);
  expect(paging).toMatchObject({ draw: 'seed:39008', pinned: ['page-size=1'] });
  expect(paging.values['page-size']).toBeUndefined();
  expect(plain).toMatchObject({ draw: 'seed:39009', values: drawFreedoms(39009), pinned: [] });
  // The server the reference is told (REFERENCE_FREEDOMS) sets no page size: the defect's own pages of 8 stand.
  expect(formatFreedoms(paging.values)).not.toContain('page-size');
});

test('a defect on a drawn server is KILLED with exact blame, SPILLED when another rule is charged at MUST, not when only a SHOULD finding is', () => {
  const breaks = { breaks: ['ITEM-PAGE-2'] };
  const killed = fakeReport([{ title: '[ITEM-PAGE-2] walks', status: 'failed', evidenceFor: ['ITEM-PAGE-2'] }]);
  expect(judgeOnDraw(breaks, fakeOutcome(killed))).toMatchObject({ verdict: 'KILLED', spilled: [] });
  const should = fakeReport([
    { title: '[ITEM-PAGE-2] walks', status: 'failed', evidenceFor: ['ITEM-PAGE-2'] },
    { title: '[ITEM-READ-2] reads', status: 'skipped', skipReason: 'not exercised: stopped at a SHOULD finding', findingFor: ['ITEM-READ-2'] },
  ]);
  expect(judgeOnDraw(breaks, fakeOutcome(should))).toMatchObject({ verdict: 'KILLED', spilled: [] });
  const spill = fakeReport([
    { title: '[ITEM-PAGE-2] walks', status: 'failed', evidenceFor: ['ITEM-PAGE-2'] },
    { title: '[ITEM-QUOTA-2] creates', status: 'failed', evidenceFor: ['ITEM-QUOTA-2'] },
  ]);
  expect(judgeOnDraw(breaks, fakeOutcome(spill))).toMatchObject({ verdict: 'SPILLED', spilled: ['ITEM-QUOTA-2'] });
  const elsewhere = fakeReport([{ title: '[ITEM-PAGE-2] walks', status: 'failed', evidenceFor: ['ITEM-QUOTA-2'] }]);
  expect(judgeOnDraw(breaks, fakeOutcome(elsewhere)).verdict).toBe('MISCHARGED');
});

test('a rule the draw put out of reach is caught by incompleteness when shown not exercised or not applicable with its cause; a pass is a survivor', () => {
  const breaks = { breaks: ['ITEM-PAGE-2'] };
  const unreached = fakeReport([{ title: '[ITEM-PAGE-2] walks', status: 'passed', notExercised: { 'ITEM-PAGE-2': 'not exercised [target_state]: no page boundary within SC_MAX_ITEMS (50)' } }]);
  expect(judgeOnDraw(breaks, fakeOutcome(unreached))).toMatchObject({ verdict: 'INCOMPLETE', unjudged: { 'ITEM-PAGE-2': expect.stringContaining('SC_MAX_ITEMS') } });
  const notApplicable = fakeReport([{ title: '[ITEM-PAGE-2] walks', status: 'skipped', skipReason: 'not applicable [not_offered]: no category offers it' }]);
  expect(judgeOnDraw(breaks, fakeOutcome(notApplicable)).verdict).toBe('NOT-APPLICABLE');
  // Another check judged the rule passed: it was reached, and the defect escaped.
  const reachedElsewhere = fakeReport([
    { title: '[ITEM-PAGE-2] walks', status: 'passed', notExercised: { 'ITEM-PAGE-2': 'not exercised [target_state]: one page' } },
    { title: '[ITEM-PAGE-2] walks again', status: 'passed', ledger: { passed: { 'ITEM-PAGE-2': 1 }, failed: {} } },
  ]);
  expect(judgeOnDraw(breaks, fakeOutcome(reachedElsewhere)).verdict).toBe('SURVIVED');
  expect(judgeOnDraw(breaks, fakeOutcome(fakeReport([{ title: '[ITEM-PAGE-2] walks', status: 'passed' }]))).verdict).toBe('SURVIVED');
  expect(judgeOnDraw(breaks, fakeOutcome(undefined)).verdict).toBe('ERROR');
});

test('the run gives each defect its drawn server and the checks the same one, and prints a survivor with its reproduction', async () => {
  const draws = drawnDefects(['create-answers-200', 'page-8-drops-boundary-item', 'mandatory-attribute-not-checked'], 39008);
  const seen: { name: string; reference: unknown; env?: Record<string, string> }[] = [];
  const result = await runOnDraws({
    seed: 39008,
    draws,
    workers: 1,
    checkTimeoutMs: 10_000,
    runJobs: async (jobs) => {
      seen.push(...jobs.map((j) => ({ name: j.name, reference: j.reference, env: j.env })));
      const [created, paging, mandatory] = jobs.map((j) => j.name);
      return new Map([
        [created, fakeOutcome(fakeReport([{ title: '[WH-SUB-1] creates', status: 'failed', evidenceFor: ['WH-SUB-1'] }]))],
        [paging, fakeOutcome(fakeReport([{ title: '[ITEM-PAGE-2][ITEM-HIDDEN-2] walks', status: 'passed' }]))],
        [mandatory, fakeOutcome(fakeReport([{ title: '[ITEM-VALID-14] mandatory', status: 'skipped', skipReason: 'not applicable [not_offered]: no mandatory attribute' }]))],
      ]);
    },
  });
  const freedoms = formatFreedoms(draws[0].values);
  expect(seen[0]).toEqual({ name: 'create-answers-200@seed-39008', reference: { defect: 'create-answers-200', freedoms }, env: { REFERENCE_DEFECT: 'create-answers-200', REFERENCE_FREEDOMS: freedoms } });
  expect(result.rows.map((r) => r.verdict)).toEqual(['KILLED', 'SURVIVED', 'NOT-APPLICABLE']);
  expect(result.counts).toMatchObject({ KILLED: 1, SURVIVED: 1, 'NOT-APPLICABLE': 1 });
  expect(result.ok).toBe(false);
  const text = formatOnDraws(result);
  expect(text).toContain(`REFERENCE_FREEDOMS=${formatFreedoms(draws[1].values)} REFERENCE_DEFECT=page-8-drops-boundary-item npm run conformance -- --rule ITEM-PAGE-2,ITEM-HIDDEN-2`);
  expect(text).toContain("[the defect's own value: page-size=1]");
  expect(text).toMatch(/3 run, 1 killed with exact blame, 1 caught by incompleteness .* 1 survived, 0 spilled/);
});
