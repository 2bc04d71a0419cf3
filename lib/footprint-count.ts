/**
 * The run's footprint on the target's accounts: how many items and webhooks
 * the checks created (each deleted after its test), added up from the
 * `created` annotations the cleanup fixture writes (lifecycle/tag-and-remove.ts), per
 * attempt, so a retried check counts what each attempt made. Pure: the run
 * summary and scripts/footprint.ts call `footprint(report)` on Playwright's
 * JSON report; `footprintByCheck(report)` tells where the items go.
 *
 * The budget: partners run the suite nightly on real accounts that already
 * hold listings (the real service has no sandbox), so a whole run with the
 * default settings creates at most FOOTPRINT_BUDGET.items items
 * (docs/FIXTURES.md, "Footprint").
 */

/** Annotation of every test that created something: JSON `{items, webhooks}`. */
export const CREATED_ANNOTATION = 'created';

/**
 * The most a whole run with the default settings may create on the accounts, in all. 90 since issue 38 (80 before):
 * judging every part of a rule costs items that were never made before: the bearer probes on a real item of the
 * account, a create after each slot freed (ITEM-QUOTA-4/5/6 `next-create`); the runs measured 78 to 81 (docs/FIXTURES.md).
 */
export const FOOTPRINT_BUDGET = { items: 90 } as const;

export interface Footprint {
  items: number;
  webhooks: number;
  /** Checks (attempts) that created anything. */
  checks: number;
}

/** What one check created, every attempt added up. */
export interface CheckFootprint {
  /** The spec file, relative to the test folder. */
  file: string;
  /** The check's title, its describe blocks first (`describe › title`). */
  title: string;
  items: number;
  webhooks: number;
}

/** The parts of Playwright's JSON report read here, every one optional (a partial or older report counts what it has). */
interface Annotation {
  type?: string;
  description?: string;
}
interface Test {
  annotations?: Annotation[];
  results?: { annotations?: Annotation[] }[];
}
interface Suite {
  title?: string;
  file?: string;
  suites?: Suite[];
  specs?: { title?: string; file?: string; tests?: Test[] }[];
}

/** The `created` counts of one annotation list: one entry per annotation of ours. */
function createdOf(annotations: readonly Annotation[]): { items: number; webhooks: number }[] {
  const out: { items: number; webhooks: number }[] = [];
  for (const a of annotations) {
    if (a.type !== CREATED_ANNOTATION || !a.description) continue;
    try {
      const { items, webhooks } = JSON.parse(a.description) as Partial<Footprint>;
      out.push({ items: Number(items) || 0, webhooks: Number(webhooks) || 0 });
    } catch {
      // Not ours: ignored.
    }
  }
  return out;
}

/** Every attempt's counts: Playwright puts an attempt's annotations on its result; older reports only on the test. */
function attemptsOf(test: Test): { items: number; webhooks: number }[] {
  const results = test.results ?? [];
  if (results.some((r) => r.annotations !== undefined)) return results.flatMap((r) => createdOf(r.annotations ?? []));
  return createdOf(test.annotations ?? []);
}

export function footprintByCheck(report: { suites?: Suite[] } | undefined): CheckFootprint[] {
  const rows: CheckFootprint[] = [];
  const walk = (suite: Suite, file: string, describes: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const counts = attemptsOf(test);
        if (counts.length === 0) continue;
        rows.push({
          file: spec.file ?? file,
          title: [...describes, spec.title ?? ''].join(' › '),
          items: counts.reduce((n, c) => n + c.items, 0),
          webhooks: counts.reduce((n, c) => n + c.webhooks, 0),
        });
      }
    }
    // A file's suite is titled with the file name: only describe blocks below it join the title.
    for (const child of suite.suites ?? []) walk(child, child.file ?? file, [...describes, child.title ?? ''].filter(Boolean));
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file ?? suite.title ?? '', []);
  return rows.sort((a, b) => b.items - a.items || b.webhooks - a.webhooks || a.title.localeCompare(b.title));
}

export function footprint(report: { suites?: Suite[] } | undefined): Footprint {
  const total: Footprint = { items: 0, webhooks: 0, checks: 0 };
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const c of attemptsOf(test)) {
          total.items += c.items;
          total.webhooks += c.webhooks;
          total.checks += 1;
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return total;
}

export function describeFootprint(f: Footprint): string {
  return `created on the accounts: ${f.items} item(s), ${f.webhooks} webhook(s) by ${f.checks} check(s), each deleted after its check`;
}

/** Why the footprint breaks the budget, or undefined when it keeps it. */
export function overBudget(f: Footprint, budget: { items: number } = FOOTPRINT_BUDGET): string | undefined {
  return f.items > budget.items ? `the run created ${f.items} item(s) on the accounts, above the budget of ${budget.items} (docs/FIXTURES.md, "Footprint")` : undefined;
}

/** The `top` checks that created the most, as a Markdown table (docs/FIXTURES.md keeps one). */
export function footprintTable(rows: readonly CheckFootprint[], top = 10): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const lines = ['| items | webhooks | check |', '|---:|---:|---|'];
  for (const r of rows.slice(0, top)) lines.push(`| ${r.items} | ${r.webhooks} | ${cell(r.file)}: ${cell(r.title)} |`);
  return lines.join('\n');
}
