/**
 * `npm run conformance -- --write-baseline <file>` (SC_WRITE_BASELINE): writes
 * this run's state as a baseline a nightly run can live with (SC_BASELINE):
 *
 *   [{"id": "ITEM-QUOTA-2", "reason": "…"},                                  a known failure
 *    {"id": "TX-DISPUTE-3", "notExercised": "target_state", "reason": "…"}]  accepted as not exercised, for that reason only
 *
 * Only the server's MUST rules (the gate's), failures and not-exercised rules
 * whose reason can be baselined: a transient reason (rate_limited, timeout) is
 * left out and named, so the next run is INCOMPLETE until it is judged. A
 * broken run writes nothing: its states are no one's baseline. Reasons an
 * earlier baseline gave for the same entry are kept.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type NotExercisedReason, UNBASELINABLE_REASONS } from '../results/outcomes.js';
import type { Baseline, BaselineEntry } from './gate.js';
import { maskValues } from './masking.js';
import { isServerMust } from './scope.js';
import type { ConformanceReport, RequirementResult } from './report-types.js';

/** The first line of what a failing check saw, as the reason of a new known failure. */
function failureReason(r: RequirementResult): string {
  const e = r.checks.flatMap((c) => c.evidence).find((x) => x.title);
  return `failing since ${new Date().toISOString().slice(0, 10)}: ${e?.title ?? r.statement}`;
}

/** The entries a report gives: failures first, then accepted not-exercised rules; `left` are the transient ones. */
export function baselineEntries(report: ConformanceReport, previous?: Baseline): { entries: BaselineEntry[]; left: string[] } {
  const before = new Map((previous?.entries ?? []).map((e) => [`${e.id}|${e.notExercised ?? ''}`, e.reason]));
  const must = report.requirements.filter(isServerMust);
  const entries: BaselineEntry[] = [];
  for (const r of must.filter((x) => x.verdict === 'failed')) {
    entries.push({ id: r.id, reason: before.get(`${r.id}|`) || failureReason(r) });
  }
  const left: string[] = [];
  for (const r of must.filter((x) => x.verdict === 'not-exercised')) {
    const code = r.reasonCode as NotExercisedReason;
    if (UNBASELINABLE_REASONS.includes(code)) {
      left.push(`${r.id} [${code}]`);
      continue;
    }
    entries.push({ id: r.id, notExercised: code, reason: before.get(`${r.id}|${code}`) || (r.reason ?? '').slice(0, 300) });
  }
  return { entries, left };
}

/** Writes the baseline file; never throws (a report must still come out): the error is returned. */
export function writeBaseline(file: string, report: ConformanceReport, previous?: Baseline): { file: string; entries: number; left: string[] } | { error: string } {
  if (report.gate.state === 'BROKEN') return { error: `SC_WRITE_BASELINE: not written: the run is broken, its states are no baseline (${file})` };
  const { entries, left } = baselineEntries(report, previous);
  try {
    mkdirSync(dirname(file), { recursive: true });
    // Reasons quote what the target answered: masked like every report.
    writeFileSync(file, maskValues(`${JSON.stringify(entries, null, 2)}\n`));
    return { file, entries: entries.length, left };
  } catch (e) {
    return { error: `SC_WRITE_BASELINE: could not write ${file}: ${(e as Error).message}` };
  }
}
