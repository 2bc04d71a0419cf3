/**
 * Refused creates, one check per requirement of the broken-payload catalogue
 * (support/broken-payloads.json): valid payloads from the generators, each
 * broken in exactly ONE named way, are refused with a 4xx and an error body,
 * and create nothing. The status is any 4xx (none is shown); the code's shape
 * is checked by the client on every answer (GEN-ERR-1), a code outside the
 * spec's list or one that fits the case less well is a finding (GEN-ERR-2).
 *
 * One reason per refusal: each run first sends its control, the same valid
 * payload unbroken (its own external_id tag, deleted at once), which must
 * answer 201; only then does the broken one's refusal count. A run whose
 * control is not accepted, or whose refusal is a 401 or 429 (refusals for
 * another reason), proves nothing and judges nothing; a check left with no
 * such run is not exercised, with why.
 */
import fc from 'fast-check';
import { runTag, test } from '../../fixtures/index.js';
import { requirementById } from '../../catalog/index.js';
import { freshPayload, leased, otherReason, readOnly } from './support/bind.js';
import { appliesTo, type BrokenCase, brokenCases } from './support/broken.js';
import { type Applicable, brokenPayloads, oneOfEachCase } from './support/broken-value.js';
import { assertProperty } from './support/fc-options.js';
import { targetCatalog } from './support/target-catalog.js';

const byRequirement = new Map<string, BrokenCase[]>();
for (const c of brokenCases()) byRequirement.set(c.requirement, [...(byRequirement.get(c.requirement) ?? []), c]);

/** The catalog's sentence, up to ", and …": the accepted side of a boundary has its own check (boundaries.spec.ts). */
const statement = (id: string) => (requirementById(id)?.statement ?? id).replace(/\.$/, '').split(', and ')[0];

test.describe('refused creates', { tag: '@items' }, () => {
  for (const [requirement, cases] of byRequirement) {
    // Cases sent from a Basic account break a Basic rule; Pro ones need a Pro account; the others run on either.
    const plan = cases.some((c) => c.plan === 'pro') ? 'pro' : 'basic';

    test(`[${requirement}] ${statement(requirement)}`, async ({ api, sessions, track, imageHost }, testInfo) => {
      const catalog = await targetCatalog(await readOnly({ api, sessions, track }, testInfo));
      const tree = { groupingId: catalog.grouping?.id, unknownId: catalog.unknownId };
      const pairs: Applicable[] = cases.flatMap((rule) => catalog.leaves.filter((l) => appliesTo(rule, l, tree)).map((category) => ({ rule, category })));
      test.skip(pairs.length === 0, `not exercised: none of the ${catalog.leaves.length} sampled categories offers what ${cases.map((c) => `"${c.name}"`).join(', ')} needs`);
      const { items } = await leased({ api, sessions, track }, plan, testInfo);
      // Titles carry a marker, so an item created in spite of the refusal is found in GET /items.
      const marker = `sc-refused-${runTag()}`;
      // Runs that proved the refusal (control accepted, broken refused for no other reason), and why the others did not.
      let exercised = 0;
      const unproved: string[] = [];
      const controls = new Set<string>();

      await assertProperty(
        fc.asyncProperty(brokenPayloads(pairs), async (broken) => {
          const valid = freshPayload(broken.draft, imageHost, marker);
          const twin = { ...valid, attributes: { ...(valid.attributes as Record<string, unknown>), external_id: runTag() } };
          const control = await items.create(structuredClone(twin));
          const controlId = (control.json as { id?: unknown } | undefined)?.id;
          if (typeof controlId === 'string') {
            controls.add(controlId);
            await items.remove(controlId);
          }
          if (control.status !== 201) {
            unproved.push(`${broken.rule.name}: the control (the same payload unbroken) answered ${control.status}`);
            return;
          }
          const res = await items.create(broken.payload(valid, tree));
          const id = (res.json as { id?: unknown } | undefined)?.id;
          if (res.status >= 200 && res.status <= 299 && typeof id === 'string') await items.remove(id);
          const other = otherReason(res.status);
          if (other !== undefined) {
            unproved.push(`${broken.rule.name}: ${other}`);
            return;
          }
          exercised += 1;
          await items.judge.status(res, '4xx', [requirement], `POST /items with ${broken.rule.name} is refused`);
          const code = (res.json as { code?: unknown } | undefined)?.code;
          const fits = broken.rule.expected_codes ?? [];
          if (fits.length > 0 && typeof code === 'string' && !fits.includes(code)) {
            items.judge.finding('GEN-ERR-2', `${broken.rule.name}: refused with ${code}; the spec's list has ${fits.join(' or ')}, which fits the case better`);
          }
        }),
        { numRuns: 4, timeLimitMs: 15_000, grep: `[${requirement}]`, examples: oneOfEachCase(pairs) },
      );
      if (unproved.length > 0) test.info().annotations.push({ type: 'not exercised', description: `runs that proved nothing: ${unproved.slice(0, 5).join('; ')}` });
      test.skip(exercised === 0, `not exercised: no run had its control accepted and its refusal for the rule alone (${unproved.slice(0, 3).join('; ')})`);

      const created = (await items.walk('/items', [requirement])).filter((e) => e.title.startsWith(marker) && !controls.has(e.id));
      await items.judge.verify(created.length === 0, {
        title: 'a refused create leaves no item behind',
        requirements: [requirement],
        expected: `no item titled "${marker} …" in GET /items`,
        actual: `${created.length} such item(s): ${created.map((e) => e.id).join(', ')}`,
      });
    });
  }
});
