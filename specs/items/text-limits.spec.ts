/**
 * Text limits at their edges, with characters outside ASCII (support/text-edges.ts):
 * each run sends a text of exactly the limit, counted in code points (the
 * catalog's decision), which must be accepted (and is the control), then the
 * same payload with one character more, which must be refused. Accented
 * letters, CJK ideographs and emoji are fixed examples on every run, so a server
 * that counts UTF-8 bytes, or UTF-16 units, refuses a text that keeps the limit
 * and fails. A 401 or 429 never counts as the refusal tested.
 *
 * Each run's create at the limit is an item on the account (docs/FIXTURES.md,
 * "Footprint"): the runs are the fixed examples alone, one per alphabet, and
 * no drawn ones (a drawn text repeats an alphabet an example already has); a
 * category with several text attributes holds several alphabets per create.
 * The ASCII example is also the accepted side of ITEM-VALID-15 (75 characters).
 */
import fc from 'fast-check';
import { expectStatus, notExercised, partKey, runTag, skipWhenUnjudged, test, unjudged, verify } from '../fixtures.js';
import { keepsRules, type TextDef, textDefs } from '../shared/items/attributes.js';
import { freshPayload } from '../shared/items/bind.js';
import { EXTERNAL_ID, EXTERNAL_ID_MAX } from '../shared/items/constants.js';
import { assertProperty } from '../shared/property.js';
import { type CategoryFacts, sampleDraft } from '../shared/items/generators.js';
import type { ItemsApi } from '../shared/items/items-api.js';
import { attributeOnRead } from '../shared/items/items-api.js';
import { ALPHABET_NAMES, codePoints, type EdgeText, edgeExamples, edgeTexts, measures } from './support/text-edges.js';
import { NO_CATEGORY, plainLeaf } from '../shared/items/target-catalog.js';
import { endUnoffered, leavesOffering } from '../shared/items/catalog-survey.js';

type Json = Record<string, unknown>;

/** The payload with some attributes set to the values given. */
function withAttributes(payload: Json, values: Record<string, string>): Json {
  const item = payload.item as Json;
  return { ...payload, item: { ...item, attributes: { ...(item.attributes as Json), ...values } } };
}

/** The attribute reads back exactly as sent. */
async function readsBack(items: ItemsApi, id: string, attribute: string, sent: string, edge: EdgeText, requirement: string): Promise<void> {
  const read = await items.readOk(id);
  const stored = attributeOnRead(read.json, attribute);
  await verify(stored === sent, {
    title: `${attribute} of ${codePoints(sent)} code points (${edge.alphabet}) reads back unchanged`,
    requirements: [requirement],
    expected: JSON.stringify(sent),
    actual: JSON.stringify(stored),
    exchange: read,
  });
}

/** An attribute and the edge text it is given in a run. */
interface AtEdge {
  attribute: string;
  edge: EdgeText;
}

/**
 * One run: the payload with every attribute at its limit answers 201 (the
 * control; read back when the spec says the attribute is returned on read),
 * and the same payload with one attribute one character over is refused, for
 * each attribute in turn (a refusal of either edge is the same rule's: `accepted` and `refused` name it, or
 * each its part).
 * Answers why the run proved nothing, or undefined.
 */
async function bothEdges(
  items: ItemsApi,
  make: (values: Record<string, string>) => Json,
  edges: readonly AtEdge[],
  at: { prefix: string; accepted: string; refused: string; readRequirement?: string },
): Promise<string | undefined> {
  const { prefix, accepted, refused, readRequirement } = at;
  const atLimit = Object.fromEntries(edges.map((e) => [e.attribute, e.edge.at(prefix)]));
  const id = await items.createOk(make(atLimit), [accepted]);
  if (readRequirement) for (const e of edges) await readsBack(items, id, e.attribute, atLimit[e.attribute], e.edge, readRequirement);
  await items.remove(id);
  for (const { attribute, edge } of edges) {
    const over = edge.over(prefix);
    const res = await items.create(make({ ...atLimit, [attribute]: over }));
    const overId = (res.json as { id?: unknown } | undefined)?.id;
    if (res.status >= 200 && res.status <= 299 && typeof overId === 'string') await items.remove(overId);
    const title = `POST /items with ${attribute} of ${measures(over)} (${edge.alphabet}, limit ${edge.limit}) is refused`;
    const other = unjudged(res, title);
    if (other !== undefined) return other;
    await expectStatus(res, '4xx', [refused], title);
  }
  return undefined;
}

/**
 * The runs of ITEM-VALID-10 in a category with several text attributes: each
 * alphabet's fixed example goes to one attribute, as many alphabets per run as
 * the category has attributes, so one create holds several texts at their limit
 * (each a control: docs/FIXTURES.md, "Footprint").
 */
function textRuns(defs: readonly TextDef[]): AtEdge[][] {
  const keeps = (d: TextDef, e: EdgeText) => keepsRules(e.at(), d.rules) && keepsRules(e.over(), d.rules);
  const alphabets = ALPHABET_NAMES.filter((_, i) => defs.every((d) => keeps(d, edgeExamples(d.maxLength)[i][0])));
  const runs: AtEdge[][] = [];
  for (let start = 0; start < alphabets.length; start += defs.length) {
    runs.push(
      alphabets.slice(start, start + defs.length).map((alphabet, j) => {
        const d = defs[j];
        return { attribute: d.id, edge: edgeExamples(d.maxLength)[ALPHABET_NAMES.indexOf(alphabet)][0] };
      }),
    );
  }
  return runs;
}

test.describe('text limits', { tag: '@items' }, () => {
  test('[ITEM-VALID-15][ITEM-ATTR-11] an external_id of exactly 75 code points outside ASCII is accepted and read back, one of 76 is refused', async ({ imageHost, catalog, leaseItems, settings }) => {
    const leaf = plainLeaf(catalog);
    test.skip(!leaf, NO_CATEGORY);
    const { items } = await leaseItems('basic');
    const draft = sampleDraft(leaf!, { pro: false, minimal: true });
    const unproved: string[] = [];
    const { notJudged } = await assertProperty(
      fc.asyncProperty(edgeTexts(EXTERNAL_ID_MAX), async (edge) => {
        // The run tag first (cleanup finds it); the alphabet fills the rest up to the edge.
        const tag = runTag();
        const why = await bothEdges(items, (values) => withAttributes(freshPayload(draft, imageHost), values), [{ attribute: EXTERNAL_ID, edge }], {
          prefix: `${tag}-`,
          accepted: partKey('ITEM-VALID-15', '75-accepted'),
          refused: partKey('ITEM-VALID-15', 'refused'),
          readRequirement: 'ITEM-ATTR-11',
        });
        if (why) unproved.push(why);
      }),
      { settings, numRuns: 0, timeLimitMs: 20_000, examples: edgeExamples(EXTERNAL_ID_MAX) },
    );
    // Each alphabet is its own case: one the target left unjudged leaves the rules unproven (its code, e.g. rate_limited).
    skipWhenUnjudged([...unproved, ...notJudged]);
  });

  test('[ITEM-VALID-10] a text attribute of exactly its max_length in code points outside ASCII is accepted, one more is refused', async ({ imageHost, leaseItems, catalog, survey, settings }) => {
    const textsOf = (leaf: CategoryFacts) => textDefs(leaf.defs).filter((d) => d.id !== EXTERNAL_ID);
    const offering = await leavesOffering(catalog, survey, (leaf) => textsOf(leaf).length > 0, 'a text attribute with a max_length (external_id aside)');
    if (offering.skip !== undefined) return endUnoffered(offering.skip, ['ITEM-VALID-10']);
    // The leaf with the most text attributes (external_id aside): its runs hold several alphabets each.
    const leaf = [...offering.leaves].sort((a, b) => textsOf(b).length - textsOf(a).length)[0];
    const defs = textsOf(leaf);
    const runs = textRuns(defs);
    test.skip(runs.length === 0, notExercised('target_state', `the text rules of ${defs.map((d) => d.id).join(', ')} refuse every alphabet's example`));
    const { items } = await leaseItems('basic');
    const draft = sampleDraft(leaf, { pro: false });
    const unproved: string[] = [];
    const { notJudged } = await assertProperty(
      fc.asyncProperty(fc.constantFrom(...runs), async (edges) => {
        const why = await bothEdges(items, (values) => withAttributes(freshPayload(draft, imageHost), values), edges, { prefix: '', accepted: 'ITEM-VALID-10', refused: 'ITEM-VALID-10' });
        if (why) unproved.push(why);
      }),
      { settings, numRuns: 0, timeLimitMs: 20_000, examples: runs.map((r) => [r]) },
    );
    // Each alphabet is its own case: one the target left unjudged leaves the rules unproven (its code, e.g. rate_limited).
    skipWhenUnjudged([...unproved, ...notJudged]);
  });
});
