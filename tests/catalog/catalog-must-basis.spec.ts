import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { isTestable, REQUIREMENTS } from '../../catalog/index.js';
import { SPEC_PATH, loadSpecSections, normalise } from '../../catalog/spec-text.js';

/**
 * Every MUST of the catalog is the spec's MUST (issue 31): its `must_basis` is a sentence of the spec that states
 * the duty, or a sentence of a standard the spec names with its keyword in capitals, or, for an entry the spec
 * leaves "not shown" (never judged), that sentence. A rule with no such sentence is a SHOULD.
 */

/** The keywords of RFC 2119 that make a duty (RECOMMENDED, SHOULD and MAY do not). */
const RFC_KEYWORDS = ['MUST', 'MUST NOT', 'SHALL', 'SHALL NOT', 'REQUIRED'];


const musts = REQUIREMENTS.filter((r) => r.level === 'MUST');
/** Case-insensitive, whitespace and table pipes folded: a keyword of a table row may span its cells. */
const folded = (text: string): string => normalise(text).toLowerCase();

test('[catalog] every MUST entry carries its basis, and no other entry does', () => {
  expect(musts.filter((r) => !r.must_basis).map((r) => r.id)).toEqual([]);
  expect(REQUIREMENTS.filter((r) => r.level !== 'MUST' && r.must_basis).map((r) => `${r.id} (${r.level})`)).toEqual([]);
});

test('[catalog] a basis names its keyword inside its quote', () => {
  const wrong = musts.flatMap((r) => {
    const b = r.must_basis;
    return b && !folded(b.quote).includes(folded(b.keyword)) ? [`${r.id}: "${b.keyword}" not in "${b.quote}"`] : [];
  });
  expect(wrong).toEqual([]);
});

test('[catalog] an RFC basis names the RFC and section, and its keyword is MUST, SHALL or REQUIRED in capitals in the quote', () => {
  const wrong = musts.flatMap((r) => {
    const b = r.must_basis;
    if (b?.source !== 'rfc') return [];
    const problems: string[] = [];
    if (!/^RFC [1-9]\d* §[0-9A-Z][0-9.]*$/.test(b.rfc)) problems.push(`rfc "${b.rfc}" is not "RFC <n> §<section>"`);
    if (!RFC_KEYWORDS.includes(b.keyword)) problems.push(`keyword "${b.keyword}" is none of ${RFC_KEYWORDS.join(', ')}`);
    // In capitals, a word of its own: "must" in prose is no keyword of RFC 2119.
    if (!new RegExp(`(^|[^A-Za-z])${b.keyword}([^A-Za-z]|$)`).test(b.quote)) problems.push(`"${b.keyword}" is not in the quote in capitals`);
    return problems.map((p) => `${r.id}: ${p}`);
  });
  expect(wrong).toEqual([]);
});

test('[catalog] a not-shown basis is kept for entries never judged, and says "not shown"', () => {
  const wrong = musts.flatMap((r) => {
    const b = r.must_basis;
    if (b?.source !== 'not-shown') return [];
    return [...(isTestable(r) ? [`${r.id}: testable, yet its basis states no duty`] : []), ...(folded(b.quote).includes('not shown') ? [] : [`${r.id}: "${b.quote}" does not say "not shown"`])];
  });
  expect(wrong).toEqual([]);
});

test('[catalog] no MUST rests on RFC prose without its keyword (AUTH-TOKEN-8, RFC 6749 §5.2\'s "responds with an HTTP 400", is a SHOULD)', () => {
  const lacking = musts
    .filter((r) => r.must_basis?.source === 'rfc' && !RFC_KEYWORDS.some((k) => new RegExp(`(^|[^A-Za-z])${k}([^A-Za-z]|$)`).test(r.must_basis?.quote ?? '')))
    .map((r) => r.id);
  expect(lacking).toEqual([]);
});

test.describe('against the spec text', () => {
  // The spec lives beside the repository in its development home only (as in catalog-spec-refs.spec.ts).
  test.skip(!existsSync(SPEC_PATH), `no spec at ${SPEC_PATH} (a clone or package without ../shared): the bases cannot be compared with it`);

  test('[catalog] a spec basis quotes its section word for word', () => {
    const text = new Map(loadSpecSections().map((s) => [s.path, s.ownText]));
    const missing = musts.flatMap((r) => {
      const b = r.must_basis;
      if (!b || b.source === 'rfc') return [];
      return text.get(b.section)?.includes(normalise(b.quote)) ? [] : [`${r.id}: "${b.quote}" not in "${b.section}"`];
    });
    expect(missing).toEqual([]);
  });
});
