/**
 * Refused creates, one check per requirement of the broken-payload catalogue
 * (support/broken-payloads.json): valid payloads from the generators, each
 * broken in exactly ONE named way, are refused with a 4xx and an error body,
 * and create nothing. The status is any 4xx (none is shown); the code's shape
 * is checked by the client on every answer (GEN-ERR-1), a code outside the
 * spec's list or one that fits the case less well is a finding (GEN-ERR-2).
 */
import fc from 'fast-check';
import { runTag, test } from '../../fixtures/index.js';
import { requirementById } from '../../catalog/index.js';
import { freshPayload, leased, readOnly } from './support/bind.js';
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

      await assertProperty(
        fc.asyncProperty(brokenPayloads(pairs), async (broken) => {
          const res = await items.create(broken.payload(freshPayload(broken.draft, imageHost, marker), tree));
          const id = (res.json as { id?: unknown } | undefined)?.id;
          if (res.status >= 200 && res.status <= 299 && typeof id === 'string') await items.remove(id);
          await items.judge.status(res, '4xx', [requirement], `POST /items with ${broken.rule.name} is refused`);
          const code = (res.json as { code?: unknown } | undefined)?.code;
          const fits = broken.rule.expected_codes ?? [];
          if (fits.length > 0 && typeof code === 'string' && !fits.includes(code)) {
            items.judge.finding('GEN-ERR-2', `${broken.rule.name}: refused with ${code}; the spec's list has ${fits.join(' or ')}, which fits the case better`);
          }
        }),
        { numRuns: 4, timeLimitMs: 15_000, grep: `[${requirement}]`, examples: oneOfEachCase(pairs) },
      );

      const created = (await items.walk('/items', [requirement])).filter((e) => e.title.startsWith(marker));
      await items.judge.verify(created.length === 0, {
        title: 'a refused create leaves no item behind',
        requirements: [requirement],
        expected: `no item titled "${marker} …" in GET /items`,
        actual: `${created.length} such item(s): ${created.map((e) => e.id).join(', ')}`,
      });
    });
  }
});
