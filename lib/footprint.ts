/**
 * The run's footprint on the target's accounts: how many items and webhooks
 * the checks created (each deleted after its test), added up from the
 * `created` annotations the cleanup fixture writes (fixtures/cleanup.ts), per
 * attempt, so a retried check counts what each attempt made. Pure: the run
 * summary and scripts/footprint.ts call `footprint(report)` on Playwright's
 * JSON report.
 */

/** Annotation of every test that created something: JSON `{items, webhooks}`. */
export const CREATED_ANNOTATION = 'created';

export interface Footprint {
  items: number;
  webhooks: number;
  /** Checks (attempts) that created anything. */
  checks: number;
}

interface Annotation {
  type: string;
  description?: string;
}
interface Suite {
  suites?: Suite[];
  specs?: { tests: { annotations?: Annotation[]; results: { annotations?: Annotation[] }[] }[] }[];
}

export function footprint(report: { suites?: Suite[] }): Footprint {
  const total: Footprint = { items: 0, webhooks: 0, checks: 0 };
  const add = (annotations: readonly Annotation[]) => {
    for (const a of annotations) {
      if (a.type !== CREATED_ANNOTATION || !a.description) continue;
      try {
        const { items, webhooks } = JSON.parse(a.description) as Partial<Footprint>;
        total.items += Number(items) || 0;
        total.webhooks += Number(webhooks) || 0;
        total.checks += 1;
      } catch {
        // Not ours: ignored.
      }
    }
  };
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        // Playwright puts an attempt's annotations on its result; older reports only on the test.
        if (test.results.some((r) => r.annotations !== undefined)) for (const r of test.results) add(r.annotations ?? []);
        else add(test.annotations ?? []);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return total;
}

export function describeFootprint(f: Footprint): string {
  return `created on the accounts: ${f.items} item(s), ${f.webhooks} webhook(s) by ${f.checks} check(s), each deleted after its check`;
}
