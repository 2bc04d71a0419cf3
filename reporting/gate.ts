/**
 * The CI gate: exit non-zero exactly when a MUST requirement failed (or, under
 * SC_STRICT=1, a SHOULD finding was made), unless the baseline lists it as a
 * known gap. A broken run (no usable report, a bad setting, an interrupted run),
 * a check that broke before it could judge, and a failure no requirement
 * carries fail it too: none may pass as "conformant".
 */
import { existsSync, readFileSync } from 'node:fs';
import type { GateResult, Problem, RequirementResult } from './types.js';

export interface BaselineEntry {
  id: string;
  reason: string;
}

export interface Baseline {
  file: string;
  entries: BaselineEntry[];
}

/** Reads SC_BASELINE's file: `[{id, reason}]`. Throws a one-line message on a bad file (a bad setting). */
export function loadBaseline(file: string): Baseline {
  if (!existsSync(file)) throw new Error(`SC_BASELINE: no file at ${file}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`SC_BASELINE: ${file} is not valid JSON: ${(e as Error).message}`);
  }
  if (!Array.isArray(parsed) || !parsed.every((e) => e && typeof e === 'object' && typeof e.id === 'string')) {
    throw new Error(`SC_BASELINE: ${file} must be a JSON array of {"id": "…", "reason": "…"}`);
  }
  return { file, entries: parsed.map((e) => ({ id: e.id, reason: typeof e.reason === 'string' ? e.reason : '' })) };
}

export interface GateInput {
  requirements: RequirementResult[];
  problems: Problem[];
  runErrors: string[];
  strict: boolean;
  baseline?: Baseline;
}

/** Decides the gate; marks baselined requirements (`baseline` field) on the way. */
export function decideGate({ requirements, problems, runErrors, strict, baseline }: GateInput): GateResult {
  const listed = new Map((baseline?.entries ?? []).map((e) => [e.id, e.reason]));
  const failing = requirements.filter((r) => r.verdict === 'failed' && (r.severity === 'MUST' || strict));
  const suppressed: string[] = [];
  const blocking: string[] = [];
  for (const r of failing) {
    if (listed.has(r.id)) suppressed.push(r.id);
    else blocking.push(r.id);
  }
  for (const r of requirements) if (listed.has(r.id)) r.baseline = listed.get(r.id) || 'listed in the baseline';
  const byId = new Map(requirements.map((r) => [r.id, r]));
  const fixed = [...listed.keys()].filter((id) => byId.get(id)?.verdict === 'passed');
  const notExercised = [...listed.keys()].filter((id) => {
    const v = byId.get(id)?.verdict;
    return v !== undefined && v !== 'passed' && v !== 'failed';
  });
  const unattributed = problems.filter((p) => p.kind === 'unattributed-failure');
  const broken = problems.filter((p) => p.kind === 'broken-check');

  const reasons: string[] = [];
  if (runErrors.length) reasons.push(`the run is broken: ${runErrors[0]}${runErrors.length > 1 ? ` (+${runErrors.length - 1} more)` : ''}`);
  const mustBlocking = blocking.filter((id) => byId.get(id)?.severity === 'MUST');
  const shouldBlocking = blocking.filter((id) => byId.get(id)?.severity === 'SHOULD');
  if (mustBlocking.length) reasons.push(`${mustBlocking.length} MUST requirement${mustBlocking.length === 1 ? '' : 's'} failed: ${mustBlocking.join(', ')}`);
  if (shouldBlocking.length) reasons.push(`SC_STRICT=1: ${shouldBlocking.length} requirement${shouldBlocking.length === 1 ? '' : 's'} with SHOULD findings: ${shouldBlocking.join(', ')}`);
  if (unattributed.length) reasons.push(`${unattributed.length} failing check${unattributed.length === 1 ? '' : 's'} name${unattributed.length === 1 ? 's' : ''} no catalog requirement`);

  // A check that broke (an exception, a timeout) judged nothing of what it did not reach: charged to no rule, it
  // still keeps the run from passing. With a MUST failure the server fails (1); otherwise the run could not judge (2).
  if (broken.length) reasons.push(`${broken.length} check${broken.length === 1 ? '' : 's'} broke before ${broken.length === 1 ? 'it' : 'they'} could judge: ${broken.map((p) => p.checkTitle).join('; ')}`);
  const exitCode: GateResult['exitCode'] = runErrors.length ? 2 : blocking.length || unattributed.length ? 1 : broken.length ? 2 : 0;
  return {
    passed: exitCode === 0,
    exitCode,
    strict,
    reasons,
    blocking,
    baseline: baseline ? { file: baseline.file, suppressed, fixed, notExercised } : undefined,
  };
}

/** Problems with the baseline itself: IDs it lists that the catalog does not know. */
export function baselineProblems(baseline: Baseline | undefined, requirements: RequirementResult[]): Problem[] {
  if (!baseline) return [];
  const known = new Set(requirements.map((r) => r.id));
  return baseline.entries.filter((e) => !known.has(e.id)).map((e) => ({ kind: 'baseline' as const, message: `the baseline lists ${e.id}, which is not in the catalog` }));
}
