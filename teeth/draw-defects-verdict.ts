/**
 * The verdict on one defect run against a drawn server (teeth/draw-defects.ts, issue 39 item 6), pure over the
 * job's report, so it is tested on hand-made reports (tests/teeth/draw-defects.spec.ts). A defect must be caught
 * whatever the honest choices around it:
 *
 *  - KILLED: a failure (or a SHOULD finding) charged to a rule it breaks, and no other rule charged at MUST by a
 *    failed assertion (SHOULD findings on other rules are allowed: the drawn server may earn them honestly);
 *  - SPILLED: killed, but another rule charged at MUST as well: the blame is not exact;
 *  - MISCHARGED: failures charged, none to a rule it breaks;
 *  - INCOMPLETE: nothing charged, but a rule it breaks shown *not exercised* (no check judged it passed): the drawn
 *    server put the rule out of the run's reach, and the gate says INCOMPLETE. Caught, by incompleteness;
 *  - NOT-APPLICABLE: nothing charged, a rule it breaks shown *not applicable* with its cause (issue 39 item 4: a
 *    value beyond any run's bounds, judged once declared; or data that make the rule ask nothing, where the defect
 *    has nothing to break). The gate passes, but the report says openly the rule was not judged, and why: counted
 *    apart from the kills. A cause the report cannot name (the run's own narrowing, `selection`) is a survivor;
 *  - SURVIVED: every check of its rules passed: the defect escaped on an honest server;
 *  - ERROR, NOT-RUN, NO-CHECK: as the kill matrix says them (matrix-verdicts.ts).
 */
import { requirementById } from '../catalog/index.js';
import type { DefectInfo } from '../reference/defects/index.js';
import { parseOutcome } from '../results/outcomes.js';
import { checksOf } from './job-checks.js';
import { defectVerdict } from './matrix-verdicts.js';
import type { RunOutcome } from './run-playwright.js';

export type OnDrawVerdict = 'KILLED' | 'SPILLED' | 'MISCHARGED' | 'INCOMPLETE' | 'NOT-APPLICABLE' | 'SURVIVED' | 'NO-CHECK' | 'ERROR' | 'NOT-RUN';

export interface OnDrawJudgement {
  verdict: OnDrawVerdict;
  /** Every rule the run charged (failures and findings). */
  charged: string[];
  /** Rules it does not break that a failed assertion charged at MUST: the spill. */
  spilled: string[];
  /** The rules it breaks that the run left unjudged, with the text that says why. */
  unjudged: Record<string, string>;
  /** First lines of the first killer's error, or why there is no verdict. */
  detail?: string;
}

/** The verdicts that count as caught (the run's exit is 0 only when every row has one). */
export const CAUGHT: readonly OnDrawVerdict[] = ['KILLED', 'INCOMPLETE', 'NOT-APPLICABLE'];

const isMust = (id: string): boolean => requirementById(id)?.level === 'MUST';

export function judgeOnDraw(info: Pick<DefectInfo, 'breaks'>, outcome: RunOutcome, limitSeconds?: number): OnDrawJudgement {
  const base = defectVerdict(info.breaks, outcome, limitSeconds);
  const result = { charged: base.charged, spilled: [] as string[], unjudged: {} as Record<string, string> };
  if (base.verdict === 'NOT-RUN' || base.verdict === 'ERROR' || !outcome.report) return { ...result, verdict: base.verdict === 'NOT-RUN' ? 'NOT-RUN' : 'ERROR', detail: base.detail };
  const checks = checksOf(outcome.report);
  result.spilled = [...new Set(checks.flatMap((c) => c.failedRules))].filter((id) => !info.breaks.includes(id) && isMust(id)).sort();
  if (base.verdict === 'KILLED' || base.verdict === 'OVERCHARGED') {
    const verdict = result.spilled.length ? 'SPILLED' : 'KILLED';
    return { ...result, verdict, detail: result.spilled.length ? `also charged at MUST: ${result.spilled.join(', ')}` : base.killerError?.split('\n')[0] };
  }
  if (base.verdict === 'MISCHARGED') return { ...result, verdict: 'MISCHARGED', detail: base.detail };
  // Nothing charged: what did the run say of the rules it breaks? A rule some check judged passed was reached.
  const passed = new Set(checks.flatMap((c) => c.passedRules));
  for (const c of checks) for (const [id, text] of Object.entries(c.unjudged)) if (info.breaks.includes(id) && !passed.has(id)) result.unjudged[id] ??= text;
  const shown = Object.values(result.unjudged).map((text) => ({ text, outcome: parseOutcome(text) }));
  const notExercised = shown.find((s) => s.outcome?.state === 'not-exercised');
  if (notExercised) return { ...result, verdict: 'INCOMPLETE', detail: notExercised.text };
  const notApplicable = shown.find((s) => s.outcome?.state === 'not-applicable' && s.outcome.code !== 'selection');
  if (notApplicable) return { ...result, verdict: 'NOT-APPLICABLE', detail: notApplicable.text };
  if (base.verdict === 'NO-CHECK') return { ...result, verdict: 'NO-CHECK', detail: base.detail };
  return { ...result, verdict: 'SURVIVED', detail: base.detail };
}

/** One row of the result: a defect, the server it met and what became of it. */
export interface OnDrawRow extends OnDrawJudgement {
  defect: string;
  /** `seed:N`: the draw the server came from. */
  draw: string;
  /** The server's freedoms off the reference's defaults (REFERENCE_FREEDOMS), the pinned ones left out. */
  freedoms: string;
  /** Freedoms the draw set that the defect's own value overrides (PINNED): left at the reference's default. */
  pinned: string[];
  seconds: number;
  /** The one-line command that runs the defect's checks against that server. */
  reproduction: string;
}

export interface OnDrawResult {
  seed: number;
  rows: OnDrawRow[];
  counts: Record<OnDrawVerdict, number>;
  wallSeconds: number;
  ok: boolean;
}

export function summarize(seed: number, rows: OnDrawRow[], wallSeconds: number): OnDrawResult {
  const counts = Object.fromEntries(['KILLED', 'SPILLED', 'MISCHARGED', 'INCOMPLETE', 'NOT-APPLICABLE', 'SURVIVED', 'NO-CHECK', 'ERROR', 'NOT-RUN'].map((v) => [v, 0])) as Record<OnDrawVerdict, number>;
  for (const r of rows) counts[r.verdict]++;
  return { seed, rows, counts, wallSeconds, ok: rows.length > 0 && rows.every((r) => CAUGHT.includes(r.verdict)) };
}

/** The result as text: a line per defect, a reproduction under each that was not caught or whose blame spilled, the totals. */
export function formatOnDraws(result: OnDrawResult): string {
  const lines = result.rows.map((r) => {
    const head = `${r.verdict.padEnd(14)} ${r.defect} on ${r.draw} (${r.seconds.toFixed(0)} s)${r.pinned.length ? ` [the defect's own value: ${r.pinned.join(', ')}]` : ''}`;
    const detail = r.detail ? `\n               ${r.detail.split('\n')[0].slice(0, 160)}` : '';
    return `${head}${detail}${CAUGHT.includes(r.verdict) ? '' : `\n               ${r.reproduction}`}`;
  });
  const c = result.counts;
  const caughtIncomplete = c.INCOMPLETE + c['NOT-APPLICABLE'];
  const totals =
    `defects on drawn servers (seed ${result.seed}): ${result.rows.length} run, ${c.KILLED} killed with exact blame, ${caughtIncomplete} caught by incompleteness ` +
    `(${c.INCOMPLETE} not exercised, ${c['NOT-APPLICABLE']} not applicable), ${c.SURVIVED} survived, ${c.SPILLED} spilled, ${c.MISCHARGED} mischarged` +
    `${c['NO-CHECK'] + c.ERROR + c['NOT-RUN'] ? `, ${c['NO-CHECK']} no check, ${c.ERROR} errors, ${c['NOT-RUN']} not run` : ''} (${result.wallSeconds.toFixed(0)} s)`;
  return [...lines, '', totals, result.ok ? 'CAUGHT ON EVERY DRAW' : 'NOT PROVEN: a row above was not caught, or its blame spilled'].join('\n');
}
