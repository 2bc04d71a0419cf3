/**
 * Refused creates, one check per requirement of the broken-payload catalogue
 * (support/broken-payloads.json): valid payloads, each broken in exactly ONE
 * named way, are refused with a 4xx and an error body, and create nothing. The
 * status is any 4xx (none is shown); the code's shape is checked by the client
 * on every answer (GEN-ERR-1), a code outside the spec's list or one that fits
 * the case less well is a finding (GEN-ERR-2).
 *
 * One reason per refusal: every broken payload is a proven base broken in one
 * way (support/proven.ts): a generated valid draft per account plan and
 * category, drawn once per run, whose control (the draft unbroken, its own
 * external_id tag, deleted at once) answered 201 before any refusal counts. A
 * control is an item on the account, so it is sent once per plan and category
 * in the whole run, not once per case (docs/FIXTURES.md, "Footprint"): this
 * file runs in one worker, in order, and each check names the control it
 * relies on. The categories of a check are the fewest that offer what all its
 * cases need. A base whose control is not accepted, or a refusal that cannot be
 * judged (a 429 after the retries, a 401 to a token a re-check did not prove
 * alive: judging/refusal.ts), proves nothing and judges nothing; a check left
 * with no such run is not exercised, with the first run's code, and so is its
 * rule when one of its cases offered here was never judged (each case is a
 * part of the sentence: ITEM-VALID-1's five missing fields, …). A 401 to a
 * token that still works is the server's refusal, judged like any 4xx.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expectStatus, notExercised, partKey, recordFinding, recordNotExercised, skipUnjudged, skipWhenUnjudged, summarizeOutcomes, test, unjudged, verify } from '../fixtures.js';
import { partsOf, requirementById } from '../../catalog/index.js';
import { freshPayload } from '../shared/items/bind.js';
import { appliesTo, type BrokenCase, brokenCases } from './support/broken.js';
import { brokenPayloads, type OnBase, oneOfEachCase } from './support/broken-value.js';
import { assertProperty } from '../shared/property.js';
import type { CategoryFacts } from '../shared/items/generators.js';
import { coverCases, mostCasesFirst } from './support/proven.js';
import { byPlainness } from '../shared/items/target-catalog.js';
import { endUnoffered, leavesOffering } from '../shared/items/catalog-survey.js';
import { LICENSE_PLATE } from '../shared/items/constants.js';

// One worker, in order: a base proven by one check serves the next ones (support/proven.ts).
test.describe.configure({ mode: 'default' });

const byRequirement = new Map<string, BrokenCase[]>();
for (const c of brokenCases()) byRequirement.set(c.requirement, [...(byRequirement.get(c.requirement) ?? []), c]);

/** The catalog's sentence, up to ", and …": the accepted side of a boundary has its own check (boundaries.spec.ts). */
const statement = (id: string) => (requirementById(id)?.statement ?? id).replace(/\.$/, '').split(', and ')[0];

/** What a refusal here judges: the rule, or its `refused` part when its accepted side is a part of its own (ITEM-VALID-15). */
const refusedKey = (id: string) => (partsOf(requirementById(id) ?? {})?.some((p) => p.id === 'refused') ? partKey(id, 'refused') : id);

test.describe('refused creates', { tag: '@items' }, () => {
  for (const [requirement, cases] of byRequirement) {
    // Cases sent from a Basic account break a Basic rule; Pro ones need a Pro account; the others run on either.
    const plan = cases.some((c) => c.plan === 'pro') ? 'pro' : 'basic';

    test(`[${requirement}] ${statement(requirement)}`, async ({ imageHost, leaseItems, catalog, survey, proofs, settings }) => {
      const judges = refusedKey(requirement);
      const tree = { groupingId: catalog.grouping?.id, unknownId: catalog.unknownId };
      const applies = (rule: BrokenCase, leaf: CategoryFacts) => appliesTo(rule, leaf, tree);
      // The sampled categories, or, when none offers what the cases need, every category (a rule that asks nothing of
      // the target is not applicable [not_offered]; one the survey could not look at fully stays not exercised).
      const offering = await leavesOffering(catalog, survey, (leaf) => cases.some((c) => applies(c, leaf)), `what ${cases.map((c) => `"${c.name}"`).join(', ')} needs`, {
        // A license_plate in a category not named Cars may be the Cars category under another name: not vacuous.
        hints: cases.some((c) => c.needs === 'cars') ? (leaf) => leaf.defs.some((d) => d.id === LICENSE_PLATE) : undefined,
      });
      if (offering.skip !== undefined) return endUnoffered(offering.skip, [requirement]);
      // The same preference in every check: the categories that serve the most cases of the catalogue, the plainest first.
      const cover = coverCases(cases, mostCasesFirst(byPlainness(offering.leaves), brokenCases(), applies), applies);
      const { items } = await leaseItems(plan);
      // Titles carry a marker, so an item created in spite of the refusal is found in GET /items. Short (32 random
      // bits tell this check's items from any other's), so marker and draft title fit TITLE_BUDGET: a server capping
      // titles at 40 (freedom title-length-limits) accepts the controls.
      const marker = `scr-${randomUUID().slice(0, 8)}`;
      // Runs that proved the refusal (control accepted, broken refused for no other reason), and why the others did not.
      let exercised = 0;
      // The cases judged: the rule names each of them, so one the target left unjudged leaves the rule unproven.
      const judgedCases = new Set<string>();
      const unproved: string[] = [];
      const controls = new Set<string>();

      // The controls: each category's base, unbroken, answers 201 (sent here, or earlier in this run).
      const proven: OnBase[] = [];
      for (const category of new Set(cover.map((c) => c.category))) {
        const { base, proof, reused } = await proofs.provenBase(plan, category, async (b) => {
          const control = await items.create(freshPayload(b.draft, imageHost, marker));
          const controlId = (control.json as { id?: unknown } | undefined)?.id;
          if (typeof controlId === 'string') {
            controls.add(controlId);
            await items.remove(controlId);
          }
          if (control.status === 201) return { accepted: true };
          const what = `the control (the ${plan} base in category ${category.id}, unbroken)`;
          return { accepted: false, why: unjudged(control, what) ?? notExercised('refused_other_reason', `${what} answered ${control.status}`) };
        });
        const what = `control: the ${plan} base in category ${category.id}, unbroken, ${reused ? 'answered 201 earlier in this run' : proof.accepted ? 'answers 201' : 'is not accepted'}`;
        await test.step(what, async () => {});
        if (!proof.accepted) unproved.push(proof.why);
        else proven.push(...cover.filter((c) => c.category === category).map((c) => ({ rule: c.rule, base })));
      }
      if (proven.length === 0) skipWhenUnjudged(unproved);

      const { notJudged } = await assertProperty(
        fc.asyncProperty(brokenPayloads(proven), async (broken) => {
          const valid = freshPayload(broken.draft, imageHost, marker);
          const res = await items.create(broken.payload(valid, tree));
          const id = (res.json as { id?: unknown } | undefined)?.id;
          if (res.status >= 200 && res.status <= 299 && typeof id === 'string') await items.remove(id);
          const title = `POST /items with ${broken.rule.name} is refused`;
          // A 401 to a token a re-check proved alive is judged: any 4xx is this rule's refusal (judging/refusal.ts).
          const other = unjudged(res, title);
          if (other !== undefined) {
            unproved.push(other);
            return;
          }
          exercised += 1;
          judgedCases.add(broken.rule.name);
          await expectStatus(res, '4xx', [judges], title);
          const code = (res.json as { code?: unknown } | undefined)?.code;
          const fits = broken.rule.expected_codes ?? [];
          if (fits.length > 0 && typeof code === 'string' && !fits.includes(code)) {
            recordFinding(test.info(), { requirement: 'GEN-ERR-2', message: `${broken.rule.name}: refused with ${code}; the spec's list has ${fits.join(' or ')}, which fits the case better` });
          }
        }),
        // Runs cost no item (a refusal creates nothing): every case once, then drawn cases and choices.
        { settings, numRuns: 4, timeLimitMs: 15_000, examples: oneOfEachCase(proven), replayEnv: `FC_BASE_SEED=${proofs.source}` },
      );
      const unjudgedRuns = [...unproved, ...notJudged];
      if (unjudgedRuns.length > 0) test.info().annotations.push({ type: 'runs not judged', description: unjudgedRuns.slice(0, 5).join('; ') });
      if (exercised === 0) skipUnjudged(summarizeOutcomes(unjudgedRuns, notExercised('time_budget', 'no run completed within the time box')));
      const left = [...new Set(cover.map((c) => c.rule.name))].filter((name) => !judgedCases.has(name));
      if (left.length > 0) {
        const why = `${left.length} of the rule's cases offered here not judged (${left.map((n) => `"${n}"`).join(', ')})`;
        recordNotExercised([judges], summarizeOutcomes(unjudgedRuns, notExercised('setup_failed', why)));
      }

      // A set-up step: a list that does not end is its paging rule's failure, and leaves this rule not exercised.
      const created = (await items.walk('/items')).filter((e) => e.title.startsWith(marker) && !controls.has(e.id));
      await verify(created.length === 0, {
        title: 'a refused create leaves no item behind',
        requirements: [judges],
        expected: `no item titled "${marker} …" in GET /items`,
        actual: `${created.length} such item(s): ${created.map((e) => e.id).join(', ')}`,
      });
    });
  }
});
