import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { REFERENCE_CLIENT_ID, REFERENCE_CLIENT_SECRET, REFERENCE_CONTROL_TOKEN, referenceAccounts } from '../../reference/config.js';
import type { HostMutationReport } from '../../reference/teeth-host.js';
import { instrument, writeTree } from '../../teeth/mutation/instrument.js';
import { coveringChecks, grepForChecks, sample, type TimedCheck } from '../../teeth/mutation/plan.js';
import { checkSurvivors } from '../../teeth/mutation/survivors.js';
import { startMutationHost } from '../../teeth/mutation/static.js';
import { ROOT } from '../../teeth/paths.js';

/**
 * `npm run mutation` (docs/TEETH.md "Mutation testing"): the run-time switch of a mutant
 * is per reference, so many references of one teeth host each run their own mutant at
 * once; the pure parts (coverage by time slice, the grep, the sample, the survivor check).
 */

const PAGING = 'reference/items/paging.ts';

/** A bearer token of the reference on `port`: a direct session, then the refresh grant. */
async function token(port: number): Promise<string> {
  const origin = `http://127.0.0.1:${port}`;
  const session = await fetch(`${origin}/control/direct-sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${REFERENCE_CONTROL_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: referenceAccounts()[0].username }),
  });
  const { refresh_token } = (await session.json()) as { refresh_token: string };
  const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token, client_id: REFERENCE_CLIENT_ID, client_secret: REFERENCE_CLIENT_SECRET });
  const answer = await fetch(`${origin}/oauth/token`, { method: 'POST', body: form });
  return ((await answer.json()) as { access_token: string }).access_token;
}

test('[mutation] a mutant is active only in the reference built for it, beside others of the same host', async () => {
  test.setTimeout(90_000);
  const { mutants, sources } = await instrument([PAGING]);
  // decodeToken's body emptied: a `since` that is no token then reads `.after` of undefined (500) instead of a 400.
  const emptied = mutants.find((m) => m.mutatorName === 'BlockStatement' && readFileSync(join(ROOT, PAGING), 'utf8').split('\n')[m.location.start.line - 1].includes('function decodeToken'));
  expect(emptied, 'the mutant that empties decodeToken').toBeDefined();
  const dir = mkdtempSync(join(tmpdir(), 'sc-mutation-test-'));
  const tree = writeTree(join(ROOT, '.cache', 'mutation', `test-${process.pid}`), sources);
  const report = join(dir, 'host.json');
  const host = await startMutationHost(join(dir, 'host.log'), tree, report);
  try {
    const ports = {
      mutant: await host.start({ mutation: { key: 'mutant', mutant: emptied?.id } }),
      clean: await host.start({ mutation: { key: 'clean' } }),
      plain: await host.start({}),
    };
    const status = async (port: number) =>
      (await fetch(`http://127.0.0.1:${port}/api/items?since=abc`, { headers: { authorization: `Bearer ${await token(port)}` } })).status;
    const [mutant, clean, plain] = await Promise.all([status(ports.mutant), status(ports.clean), status(ports.plain)]);
    expect({ mutant, clean, plain }).toEqual({ mutant: 500, clean: 400, plain: 400 });
  } finally {
    await host.stop();
    rmSync(tree, { recursive: true, force: true });
  }
  const written = JSON.parse(readFileSync(report, 'utf8')) as HostMutationReport;
  expect(written.references.mutant.hits).toBeGreaterThan(0);
  expect(written.references.clean.hits).toBe(0);
  // The clean reference's coverage is filed by time slice under its key; the mutant's reference files none there.
  const buckets = Object.keys(written.coverage.perTest);
  expect(buckets.some((b) => b.startsWith('clean#') && emptied && written.coverage.perTest[b][emptied.id])).toBe(true);
  expect(buckets.some((b) => b.startsWith('mutant#'))).toBe(false);
});

const check = (key: string, startMs: number, endMs: number, status: TimedCheck['status'] = 'passed'): TimedCheck => ({
  key: `items/a.spec.ts › ${key}`,
  file: 'items/a.spec.ts',
  titlePath: ['group', key],
  status,
  startMs,
  endMs,
});

test('[mutation] a mutant is covered by the passed checks that ran while its code was hit, each owning the time to the next check', () => {
  const perTest = { 'dry#5': { '5': 1 }, 'dry#10': { '1': 3 }, 'dry#12': { '2': 1 }, 'other#12': { '3': 1 }, 'dry#20': { '4': 1 } };
  const checks = [check('first', 1000, 1150), check('second', 1200, 1290), check('failed', 2000, 2050, 'failed')];
  const covering = coveringChecks(checks, perTest, 'dry', 100);
  // Each check owns the time up to the next one's start: a hit between two checks (slice 12, 20) names the one before;
  // a hit before the first check (slice 5: the reference's start-up) names every passed check.
  expect(Object.fromEntries([...covering].map(([id, cs]) => [id, cs.map((c) => c.titlePath[1])]))).toEqual({
    '5': ['first', 'second'],
    '1': ['first'],
    '2': ['first', 'second'],
    '4': ['second'],
  });
  const grep = new RegExp(grepForChecks(checks.slice(0, 1)));
  expect(grep.test('mutant items/a.spec.ts group first @items')).toBe(true);
  expect(grep.test('mutant items/a.spec.ts group first')).toBe(true);
  expect(grep.test('mutant items/a.spec.ts group first and more')).toBe(false);
});

test('[mutation] a seeded sample is the same for the same seed, in the original order', () => {
  const items = Array.from({ length: 50 }, (_, i) => i);
  expect(sample(items, 5, 7)).toEqual(sample(items, 5, 7));
  expect(sample(items, 5, 7)).not.toEqual(sample(items, 5, 8));
  expect(sample(items, 5, 7)).toEqual([...sample(items, 5, 7)].sort((a, b) => a - b));
  expect(sample(items, undefined, 7)).toEqual(items);
});

test('[mutation] the survivor check finds unlisted survivors, stale entries and missing checks that do not kill', () => {
  const key = (n: number) => `reference/items/paging.ts@${n}:1-${n}:2 ConditionalExpression false`;
  const run = {
    files: [PAGING],
    complete: true,
    mutants: [
      { key: key(1), status: 'Survived' as const },
      { key: key(2), status: 'Killed' as const },
      { key: key(3), status: 'NoCoverage' as const },
      { key: key(4), status: 'Survived' as const },
    ],
  };
  const entries = [
    { key: key(2), class: 'equivalent' as const, argument: 'x' },
    { key: key(3), class: 'equivalent' as const, argument: 'x' },
    { key: key(4), class: 'missing-check' as const, check: 'specs/x', defect: 'y' },
    { key: key(9), class: 'equivalent' as const, argument: 'x' },
  ];
  expect(checkSurvivors(entries, run, [PAGING])).toEqual([
    `unlisted survivor (Survived): ${key(1)}`,
    `the check written for it does not kill it (Survived): ${key(4)}`,
    `stale: a check kills it now (Killed), remove the entry: ${key(2)}`,
    `stale: no such mutant now (the file changed?): ${key(9)}`,
  ]);
  // A sampled run says nothing of the mutants it did not take.
  expect(checkSurvivors(entries.slice(3), { ...run, complete: false, mutants: [] }, [PAGING])).toEqual([]);
});
