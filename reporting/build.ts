/**
 * Puts a conformance report together: checks + catalog → verdicts → summary →
 * gate → diff. Pure: reading files and writing outputs happen in run.ts.
 */
import { decideGate, baselineProblems, type Baseline } from './gate.js';
import { diffRuns, type loadPrevious } from './diff.js';
import { withCheckDetails } from './evidence.js';
import { describeFilter, type ReadReport } from './playwright-report.js';
import { judgeAll } from './verdicts.js';
import type { Catalog } from '../catalog/index.js';
import type { ConformanceReport, Problem, RequirementResult, Summary, Verdict } from './types.js';

export interface BuildInput {
  read: ReadReport;
  catalog: Catalog;
  target: string;
  strict?: boolean;
  baseline?: Baseline;
  previous?: ReturnType<typeof loadPrevious>;
  /** Errors found before the build (a bad SC_BASELINE, say): they break the run like a bad setting. */
  settingErrors?: string[];
  /** Problems found before the build (an unreadable SC_PREVIOUS_REPORT, say): reported, not blocking. */
  problems?: Problem[];
  now?: Date;
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

export function summarize(requirements: RequirementResult[], read: ReadReport, findings: number): Summary {
  const byVerdict: Record<Verdict, number> = { passed: 0, failed: 0, 'not-exercised': 0, 'not-testable': 0, 'suite-side': 0, 'no-check': 0 };
  for (const r of requirements) byVerdict[r.verdict]++;
  // MUST = stated MUST: inferred requirements are findings, never MUST failures (see verdicts.ts).
  const must = requirements.filter((r) => r.level === 'MUST' && r.source !== 'inferred');
  const mustExercised = must.filter((r) => r.verdict === 'passed' || r.verdict === 'failed');
  const mustFailed = mustExercised.filter((r) => r.verdict === 'failed' && r.severity === 'MUST');
  const exercised = byVerdict.passed + byVerdict.failed;
  const checks = read.checks;
  return {
    requirements: requirements.length,
    byVerdict,
    must: {
      total: must.length,
      exercised: mustExercised.length,
      passed: mustExercised.length - mustFailed.length,
      failed: mustFailed.length,
      rate: mustExercised.length ? (mustExercised.length - mustFailed.length) / mustExercised.length : null,
    },
    shouldFindings: findings,
    exercised,
    exercisedShare: ratio(exercised, requirements.length),
    checks: {
      total: checks.length,
      passed: checks.filter((c) => c.status === 'passed').length,
      failed: checks.filter((c) => c.status === 'failed').length,
      skipped: checks.filter((c) => c.status === 'skipped').length,
      flaky: checks.filter((c) => c.flaky).length,
    },
  };
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.kind}|${p.message}|${p.checkTitle ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function buildConformance(input: BuildInput): ConformanceReport {
  const { read, catalog } = input;
  const judged = judgeAll(catalog, read.checks);
  withCheckDetails(judged.requirements, read.checks);
  const runErrors = [...(input.settingErrors ?? []), ...read.errors];
  if (catalog.requirements.length === 0) runErrors.push(`the requirement catalog is empty or unreadable${catalog.problems.length ? `: ${catalog.problems[0]}` : ''}`);
  const problems = dedupe([...judged.problems, ...(input.problems ?? []), ...baselineProblems(input.baseline, judged.requirements)]);
  const gate = decideGate({ requirements: judged.requirements, problems, runErrors, strict: !!input.strict, baseline: input.baseline });
  const stats = read.report?.stats;
  return {
    schemaVersion: 1,
    run: {
      target: input.target,
      startTime: stats?.startTime,
      durationMs: typeof stats?.duration === 'number' ? Math.round(stats.duration) : undefined,
      generatedAt: (input.now ?? new Date()).toISOString(),
      playwrightVersion: read.report?.config?.version,
      filtered: describeFilter(read.report),
      errors: runErrors,
    },
    summary: summarize(judged.requirements, read, judged.findings.length),
    gate,
    diff: input.previous ? diffRuns(judged.requirements, input.previous) : undefined,
    requirements: judged.requirements,
    findings: judged.findings,
    problems,
  };
}
