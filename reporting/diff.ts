/**
 * Run-to-run diff for nightly runs: compares this run's verdicts with an
 * earlier reports/conformance.json (SC_PREVIOUS_REPORT).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { ConformanceReport, RequirementResult, RunDiff, Verdict } from './report-types.js';

interface PreviousReport {
  file: string;
  time?: string;
  verdicts: Map<string, Verdict>;
}

/** Reads an earlier conformance.json. Throws a one-line message when it is not one. */
export function loadPrevious(file: string): PreviousReport {
  if (!existsSync(file)) throw new Error(`SC_PREVIOUS_REPORT: no file at ${file}`);
  let parsed: Partial<ConformanceReport>;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`SC_PREVIOUS_REPORT: ${file} is not valid JSON: ${(e as Error).message}`);
  }
  if (!parsed || !Array.isArray(parsed.requirements)) throw new Error(`SC_PREVIOUS_REPORT: ${file} is not a conformance.json (no requirements list)`);
  const verdicts = new Map<string, Verdict>();
  // Before schemaVersion 4 a finding was `failed` with severity SHOULD.
  for (const r of parsed.requirements) if (r && typeof r.id === 'string') verdicts.set(r.id, r.verdict === 'failed' && r.severity === 'SHOULD' ? 'finding' : r.verdict);
  return { file, time: parsed.run?.startTime ?? parsed.run?.generatedAt, verdicts };
}

const exercised = (v: Verdict | undefined) => v === 'passed' || v === 'failed' || v === 'finding';

export function diffRuns(current: RequirementResult[], previous: PreviousReport): RunDiff {
  const diff: RunDiff = { previousFile: previous.file, previousTime: previous.time, newlyFailing: [], newlyPassing: [], noLongerExercised: [] };
  for (const r of current) {
    const before = previous.verdicts.get(r.id);
    if (r.verdict === 'failed' && before !== 'failed') diff.newlyFailing.push(r.id);
    else if (r.verdict === 'passed' && before === 'failed') diff.newlyPassing.push(r.id);
    else if (!exercised(r.verdict) && exercised(before)) diff.noLongerExercised.push(r.id);
  }
  return diff;
}
