import { expect, test } from '@playwright/test';
import { drawnFreedoms, FREEDOMS } from '../../catalog/freedoms.js';
import { drawFreedoms, formatFreedoms, parseFreedoms, realize, referenceEnv, VARIANT_ALIASES, variantFreedoms } from '../../reference/freedoms.js';
import { DECLARABLE_IDS, drawUndeclared, parseUndeclared } from '../../reference/undeclared.js';
import { VARIANTS } from '../../reference/variants.js';
import { loadSettings, readSettings } from '../../settings/settings.js';
import { dependentRules, drawBoundS, type Probe, reproduction, runFairness, seededDraws, shrinkFreedoms } from '../../teeth/fairness.js';
import { formatFairness } from '../../teeth/fairness-format.js';
import { KNOWN_UNFAIR, rotatingDraw, TOO_SLOW_FOR_NPM_TEST } from '../../teeth/fairness-known.js';
import { judgeReport } from '../../teeth/fairness-verdict.js';

/**
 * The spec's freedoms as parameters of the reference (reference/freedoms.ts) and the fairness matrix's verdicts and
 * shrinking (teeth/fairness*.ts), on hand-made reports and a fake runner. The real draws of npm test:
 * tests/teeth/fairness-draws.spec.ts.
 */

test('every variant is the name of one freedom value, and that value is realized by that variant alone', () => {
  for (const name of Object.keys(VARIANTS)) {
    const alias = VARIANT_ALIASES.get(name);
    expect(alias, `${name} is no freedom value`).toBeDefined();
    if (!alias) continue;
    expect(realize({ [alias.freedom]: alias.value }).variants, name).toEqual([name]);
  }
  expect(variantFreedoms(['page-size-1', 'signature-base64'])).toEqual({ 'page-size': '1', 'signature-encoding': 'base64' });
});

test('every drawn value has a realization, and a seed draws the same server every time', () => {
  for (const f of drawnFreedoms()) for (const v of f.realized ?? []) expect(() => realize({ [f.id]: String(v) }), `${f.id}=${v}`).not.toThrow();
  expect(drawFreedoms(1234)).toEqual(drawFreedoms(1234));
  expect(formatFreedoms(drawFreedoms(1234))).not.toBe(formatFreedoms(drawFreedoms(1235)));
  // The reproduction names only the values off their defaults, and reads back as the same server.
  const values = drawFreedoms(42);
  const again = parseFreedoms(formatFreedoms(values));
  for (const f of drawnFreedoms()) expect(again[f.id] ?? String(f.default), f.id).toBe(values[f.id]);
});

test('REFERENCE_FREEDOMS folds into the reference’s switches and settings; a name or value it cannot realize, or a clash with REFERENCE_VARIANTS, is refused', () => {
  const env = referenceEnv({ REFERENCE_FREEDOMS: 'page-size=40,accounts=full,webhook-first-retry=1000,access-token-lifetime=300', REFERENCE_VARIANTS: 'callback-iss' });
  expect(env.REFERENCE_VARIANTS?.split(',').sort()).toEqual(['callback-iss', 'full-accounts']);
  expect(env).toMatchObject({ REFERENCE_PAGE_SIZE: '40', REFERENCE_WEBHOOK_RETRY_MS: '1000,2000,4000', REFERENCE_ACCESS_TTL_MS: '300000' });
  expect(referenceEnv({ REFERENCE_VARIANTS: 'page-size-1' })).toEqual({ REFERENCE_VARIANTS: 'page-size-1' });
  expect(() => referenceEnv({ REFERENCE_FREEDOMS: 'page-size=7' })).toThrow(/cannot realize page-size=7/);
  expect(() => referenceEnv({ REFERENCE_FREEDOMS: 'colour=blue' })).toThrow(/neither seed:N nor a freedom=value/);
  expect(() => referenceEnv({ REFERENCE_FREEDOMS: 'accounts=empty', REFERENCE_VARIANTS: 'full-accounts' })).toThrow(/disagree on accounts/);
});

test('a drawn latency widens the draw’s hang guard by a round trip per request of a whole run: a slow network is no hang', () => {
  expect(drawBoundS({}, 300)).toBe(300);
  expect(drawBoundS({ latency: '0', 'page-size': '40' }, 300)).toBe(300);
  expect(drawBoundS({ latency: '250' }, 300)).toBe(800);
});

const gate = (state: string, extra: Record<string, unknown> = {}) => ({ gate: { state, exitCode: { PASSED: 0, FAILED: 1, BROKEN: 2, INCOMPLETE: 3 }[state], blocking: [], incomplete: [], ...extra } });
const notExercised = (id: string, reason: string) => ({ id, verdict: 'not-exercised', reason });

test('a draw is FAIR when it passes, and when what it leaves incomplete lies beyond the common range with the setting named', () => {
  expect(judgeReport(gate('PASSED'), {}).verdict).toBe('FAIR');
  const retry = { ...gate('INCOMPLETE', { incomplete: ['WH-SIG-4'] }), requirements: [notExercised('WH-SIG-4', 'no retry arrived within SC_WEBHOOK_WAIT_MS (10000 ms)')] };
  // 15 s lies in the common range of first retries: a false verdict, whatever the draw's other freedoms (page-size=1 is beyond).
  expect(judgeReport(retry, { 'webhook-first-retry': '15000', 'page-size': '1' })).toMatchObject({ verdict: 'UNFAIR', rules: ['WH-SIG-4'] });
  // A page of 1 is beyond the common range of page sizes: undeclared, a cause naming the setting that reaches it is what an honest server gets.
  const pages = { ...gate('INCOMPLETE', { incomplete: ['ITEM-PAGE-1'] }), requirements: [notExercised('ITEM-PAGE-1', 'no page boundary within SC_MAX_ITEMS (50)')] };
  expect(judgeReport(pages, { 'page-size': '1' }, ['page-size']).verdict).toBe('FAIR');
  const unnamed = { ...pages, requirements: [notExercised('ITEM-PAGE-1', 'the list stayed on one page')] };
  expect(judgeReport(unnamed, { 'page-size': '1' }, ['page-size'])).toMatchObject({ verdict: 'UNFAIR', rules: ['ITEM-PAGE-1'] });
});

test('beyond the common range, a draw that declares the value must have the rule judged: INCOMPLETE is false whatever its cause', () => {
  const pages = { ...gate('INCOMPLETE', { incomplete: ['ITEM-PAGE-1'] }), requirements: [notExercised('ITEM-PAGE-1', 'no page boundary within SC_MAX_ITEMS (50)')] };
  // Declared (explicitly, and by default): pages of 1 (SC_PAGE_SIZE) are reached, or the suite is unfair.
  for (const undeclared of [[], undefined, ['image-maximum']]) {
    expect(judgeReport(pages, { 'page-size': '1' }, undeclared), JSON.stringify(undeclared)).toMatchObject({ verdict: 'UNFAIR', rules: ['ITEM-PAGE-1'], detail: expect.stringContaining('declares SC_PAGE_SIZE') });
  }
  // A value no setting declares beyond the range too (an item limit of 3): the named bound is fair.
  expect(judgeReport(pages, { 'page-size': '1', 'item-limit': '3' }, []).verdict).toBe('FAIR');
  // Inside the common range, declared or not, INCOMPLETE is false; PASSED is fair either way.
  const images = { ...gate('INCOMPLETE', { incomplete: ['ITEM-IMG-12'] }), requirements: [notExercised('ITEM-IMG-12', 'none refused (SC_MAX_IMAGES)')] };
  for (const undeclared of [[], ['image-maximum']]) {
    expect(judgeReport(images, { 'image-maximum': '40' }, undeclared).verdict).toBe('UNFAIR');
    expect(judgeReport(gate('PASSED'), { 'image-maximum': '40', 'page-size': '1' }, undeclared).verdict).toBe('FAIR');
  }
});

test('a rule left not applicable for a value must name a setting, and is false where the draw declares that value, whatever the gate', () => {
  const rate = (reason: string) => ({ id: 'GEN-RATE-1', verdict: 'not-applicable', reasonCode: 'rate_limit_undeclared', reason });
  const passed = (...requirements: unknown[]) => ({ ...gate('PASSED'), requirements });
  const named = passed(rate('the target declares no rate limit (SC_DECLARED_RATE_LIMIT)'));
  expect(judgeReport(named, {}, ['rate-limit-general']).verdict).toBe('FAIR');
  expect(judgeReport(named, {}, [])).toMatchObject({ verdict: 'UNFAIR', rules: ['GEN-RATE-1'], detail: expect.stringContaining('though the draw declares SC_DECLARED_RATE_LIMIT') });
  expect(judgeReport(passed(rate('no rate limit')), {}, ['rate-limit-general'])).toMatchObject({ verdict: 'UNFAIR', detail: expect.stringContaining('naming no setting') });
  // A part counts as the rule: the access token's part of AUTH-TOKEN-4 with the leeway undeclared (the default for token-leeway-60).
  const part = { id: 'AUTH-TOKEN-4', verdict: 'passed', parts: [{ verdict: 'not-applicable', reasonCode: 'leeway_undeclared', reason: 'still accepted; declare SC_TOKEN_LEEWAY_S' }] };
  expect(judgeReport(passed(part), { 'token-validation-leeway': '60' }).verdict).toBe('FAIR');
  expect(judgeReport(passed(part), { 'token-validation-leeway': '60' }, []).verdict).toBe('UNFAIR');
  // Too large to judge (declared or from expires_in): fair with a setting named; a selection is no value's cause.
  const long = { id: 'AUTH-TOKEN-4', verdict: 'not-applicable', reasonCode: 'lifetime_too_long', reason: '3600 s (SC_ACCESS_TOKEN_LIFETIME_S) above 90 s' };
  expect(judgeReport(passed(long, { id: 'ITEM-PAGE-1', verdict: 'not-applicable', reasonCode: 'selection', reason: 'narrowed' }), {}, []).verdict).toBe('FAIR');
});

test('REFERENCE_UNDECLARED: the drawn values the embedded run leaves undeclared, their settings unset and their capabilities not required', () => {
  const all = loadSettings({ REFERENCE_FREEDOMS: 'page-size=40,image-maximum=30' });
  expect(all.declared).toMatchObject({ pageSize: 40, maxImages: 30, codeLifetimeS: 2, tokenLeewayS: 0, rateLimitPerS: 10 });
  expect(all.report.required).toMatchObject({ capabilities: expect.arrayContaining(['lifetimes', 'rate-limit']) });
  const none = loadSettings({ REFERENCE_FREEDOMS: 'page-size=40,image-maximum=30', REFERENCE_UNDECLARED: 'all' });
  expect(none.declared).toEqual({});
  expect(none.webhookRetryWaitMs).toBe(60_000);
  expect(none.report.required).toMatchObject({ capabilities: ['control-api', 'direct-sessions', 'quota', 'pro-and-basic', 'image-maximum'] });
  // The leeway alone declared: the short-lived account is still the lifetimes' account; its other lifetimes are left to expires_in.
  const leeway = loadSettings({ REFERENCE_UNDECLARED: 'page-size,code-lifetime,access-token-lifetime,refresh-token-lifetime' });
  expect(leeway.declared).toMatchObject({ tokenLeewayS: 0, lifetimeAccount: { username: 'short-1' }, codeLifetimeS: undefined, pageSize: undefined, maxImages: 10 });
  // Unset, the variants that always stood for an undeclared value stay so; `none` declares them too.
  expect(loadSettings({ REFERENCE_VARIANTS: 'token-leeway-60,max-images-40' }).declared).toMatchObject({ tokenLeewayS: undefined, maxImages: undefined });
  expect(loadSettings({ REFERENCE_VARIANTS: 'token-leeway-60,max-images-40', REFERENCE_UNDECLARED: 'none' }).declared).toMatchObject({ tokenLeewayS: 60, maxImages: 40 });
  expect(parseUndeclared('image-maximum, page-size', [])).toEqual(['page-size', 'image-maximum']);
  expect(readSettings({ REFERENCE_UNDECLARED: 'page-size,colour' }).problems.map((p) => p.message)).toEqual([expect.stringMatching(/^REFERENCE_UNDECLARED: 'colour' is no declarable freedom/)]);
});

test('the matrix draws declarations, seeded apart from the server, and the reproduction prints them', () => {
  expect(drawUndeclared(80000)).toEqual(drawUndeclared(80000));
  const draws = seededDraws(80000, 40);
  for (const id of DECLARABLE_IDS) {
    expect(draws.some((d) => d.undeclared?.includes(id)), `${id} undeclared in some draw`).toBe(true);
    expect(draws.some((d) => !d.undeclared?.includes(id)), `${id} declared in some draw`).toBe(true);
  }
  expect(draws[0].values).toEqual(drawFreedoms(80000));
  expect(reproduction({ 'page-size': '1' }, ['page-size', 'token-validation-leeway'])).toBe('REFERENCE_FREEDOMS=page-size=1 REFERENCE_UNDECLARED=page-size,token-validation-leeway npm run conformance');
  expect(reproduction({ 'page-size': '1' }, [])).toBe('REFERENCE_FREEDOMS=page-size=1 npm run conformance');
  // A value the unset setting leaves undeclared (its variant's), drawn declared: said so.
  expect(reproduction({ 'image-maximum': '40' }, [])).toBe('REFERENCE_FREEDOMS=image-maximum=40 REFERENCE_UNDECLARED=none npm run conformance');
  expect(reproduction({ 'image-maximum': '40' }, ['image-maximum'])).toBe('REFERENCE_FREEDOMS=image-maximum=40 npm run conformance');
});

test('a MUST failure or a BROKEN run on any draw is a false verdict; no gate is an ERROR', () => {
  expect(judgeReport(gate('FAILED', { blocking: ['ITEM-ATTR-8'] }), {})).toMatchObject({ verdict: 'UNFAIR', rules: ['ITEM-ATTR-8'] });
  expect(judgeReport(gate('BROKEN'), {}).verdict).toBe('UNFAIR');
  expect(judgeReport({}, {}).verdict).toBe('ERROR');
});

test('a false draw shrinks to the fewest freedoms that still give it, the others reset to the defaults', async () => {
  const values = drawFreedoms(99);
  const off = Object.keys(values).filter((id) => values[id] !== String(FREEDOMS.find((f) => f.id === id)?.default));
  expect(off.length).toBeGreaterThan(3);
  // The false verdict needs two freedoms at once, one from each half: the halving cannot cut, the one-by-one pass does.
  const [a, b] = [off[0], off[off.length - 1]];
  const { kept } = await shrinkFreedoms(values, async (v) => v[a] === values[a] && v[b] === values[b]);
  expect(kept.sort()).toEqual([a, b].sort());
  // Declarations shrink with them: one left undeclared and one freedom give it; the rest reset (declared, defaults).
  const shrunk = await shrinkFreedoms(values, async (v, undeclared) => v[a] === values[a] && undeclared.includes('page-size'), ['page-size', 'code-lifetime', 'rate-limit-general']);
  expect(shrunk).toMatchObject({ kept: [a], undeclared: ['page-size'] });
});

test('the matrix runs each draw, shrinks a false one once, explains a later draw holding the same culprit, and prints the reproduction', async () => {
  const culprit = drawnFreedoms().find((f) => f.id === 'signature-encoding');
  expect(culprit).toBeDefined();
  const probes: string[] = [];
  const probe: Probe = async (values, name) => {
    probes.push(name);
    const bad = values['signature-encoding'] === 'base64url';
    return { seconds: 1, judgement: bad ? { verdict: 'UNFAIR', gate: 'FAILED', common: true, rules: ['WH-SIG-1'], detail: 'MUST failure on an honest server: WH-SIG-1' } : { verdict: 'FAIR', gate: 'PASSED', common: true, rules: [] } };
  };
  const bad = { ...drawFreedoms(5), 'signature-encoding': 'base64url' };
  const result = await runFairness({
    draws: [
      { label: 'fixed:1', values: bad },
      { label: 'fixed:2', values: { ...drawFreedoms(6), 'signature-encoding': 'base64url' } },
      { label: 'fixed:3', values: { 'signature-encoding': 'hex' } },
    ],
    jobs: 1,
    suiteTimeoutS: 10,
    shrink: true,
    probe,
  });
  expect(result.falseVerdicts).toBe(2);
  expect(result.ok).toBe(false);
  expect(result.rows[0].shrunk?.values).toEqual({ 'signature-encoding': 'base64url' });
  expect(result.rows[1].shrunk?.knownFrom).toBe('fixed:1');
  expect(probes.filter((p) => p === 'fixed:2-shrink')).toEqual([]);
  const text = formatFairness(result);
  expect(text).toContain('REFERENCE_FREEDOMS=signature-encoding=base64url npm run conformance');
  expect(text).toMatch(/2 false verdicts/);
  expect(text).toContain('signature-encoding: base64url, hex');
});

test('a false verdict the whole draw does not give again is intermittent: still false, printed as drawn, not shrunk', async () => {
  const probes: string[] = [];
  // The first run of the draw is false, every probe after it fair: a coin in a check, not a freedom.
  const probe: Probe = async (_values, name) => {
    probes.push(name);
    const first = probes.length === 1;
    return { seconds: 1, judgement: first ? { verdict: 'UNFAIR', gate: 'INCOMPLETE', common: true, rules: ['ITEM-ATTR-13'], detail: 'INCOMPLETE inside the common range: ITEM-ATTR-13' } : { verdict: 'FAIR', gate: 'PASSED', common: true, rules: [] } };
  };
  const values = drawFreedoms(11);
  const result = await runFairness({ draws: [{ label: 'seed:11', values }], jobs: 1, suiteTimeoutS: 10, shrink: true, probe });
  expect(probes).toEqual(['seed:11', 'seed:11-shrink']);
  expect(result.falseVerdicts).toBe(1);
  expect(result.rows[0].shrunk).toMatchObject({ values, intermittent: true, probes: 1 });
  expect(formatFairness(result)).toContain('(intermittent: fair when probed again, not shrunk)');
});

test('a false verdict that needs a value left undeclared shrinks to it, and its reproduction says so', async () => {
  const probe: Probe = async (values, _name, _rules, undeclared) => {
    const bad = values['page-size'] === '1' && undeclared?.includes('page-size');
    return { seconds: 1, judgement: bad ? { verdict: 'UNFAIR', gate: 'INCOMPLETE', common: false, rules: ['ITEM-PAGE-1'], detail: 'INCOMPLETE beyond the common range naming no setting' } : { verdict: 'FAIR', gate: 'PASSED', common: false, rules: [] } };
  };
  const values = { ...drawFreedoms(7), 'page-size': '1' };
  const result = await runFairness({
    draws: [
      { label: 'fixed:1', values, undeclared: ['page-size', 'code-lifetime', 'webhook-first-retry'] },
      { label: 'fixed:2', values, undeclared: ['code-lifetime'] },
    ],
    jobs: 1,
    suiteTimeoutS: 10,
    shrink: true,
    probe,
  });
  expect(result.rows.map((r) => r.judgement.verdict)).toEqual(['UNFAIR', 'FAIR']);
  expect(result.rows[0].shrunk).toMatchObject({ values: { 'page-size': '1' }, undeclared: ['page-size'] });
  expect(result.declarations['page-size']).toEqual({ declared: 1, undeclared: 1 });
  const text = formatFairness(result);
  expect(text).toContain('REFERENCE_FREEDOMS=page-size=1 REFERENCE_UNDECLARED=page-size npm run conformance');
  expect(text).toContain('code-lifetime: 0 / 2');
});

test('npm test’s rotating draw varies the freedoms asked for, never composes a known unfair server whole nor takes a value too slow for it, and runs the rules depending on them', () => {
  let slowSeen = 0;
  for (let seed = 1; seed <= 200; seed++) {
    const draw = rotatingDraw(seed, 4);
    for (const [id, v] of Object.entries(TOO_SLOW_FOR_NPM_TEST)) expect(draw.values[id], `seed ${seed}`).not.toBe(v);
    slowSeen += draw.leftAtDefault.filter((d) => d.startsWith('latency=')).length;
  }
  expect(slowSeen, 'some seed draws a slow value, left at its default').toBeGreaterThan(0);
  for (const seed of [1, 2, 3, 39003, 39014]) {
    const draw = rotatingDraw(seed, 4);
    expect(Object.keys(draw.values).length, `seed ${seed}`).toBeLessThanOrEqual(4);
    for (const k of KNOWN_UNFAIR) expect(Object.entries(k.values).every(([id, v]) => draw.values[id] === v), `seed ${seed} composes ${JSON.stringify(k.values)}`).toBe(false);
    expect(draw.rules).toEqual(dependentRules(draw.values));
    expect(rotatingDraw(seed, 4)).toEqual(draw);
  }
  expect(dependentRules({ 'signature-encoding': 'base64' })).toEqual(['WH-SIG-2', 'WH-SIG-5']);
  expect(dependentRules({})).toEqual([]);
});
