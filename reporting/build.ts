/**
 * Puts a conformance report together: checks + catalog → verdicts → summary →
 * gate → diff. Pure: reading files and writing outputs happen in run.ts.
 */
import { decideGate, baselineProblems, type Baseline } from './gate.js';
import { diffRuns, type loadPrevious } from './diff.js';
import { withCheckDetails } from './evidence.js';
import { describeFilter, type ReadReport } from './read-playwright-report.js';
import { headlineOf } from './headline.js';
import { judgeAll } from './verdicts.js';
import type { Catalog } from '../catalog/index.js';
import { suiteIdentity } from '../lib/suite-identity.js';
import type { Required } from '../results/require.js';
import { type ConformanceReport, type Problem, type RequirementResult, SCHEMA_VERSION, type Summary, type Verdict } from './report-types.js';

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
  /** The capabilities the run must reach (SC_REQUIRE, results/require.ts); none when absent. */
  required?: Required;
  /** The run's id (SC_RUN_ID), when known. */
  runId?: string;
  now?: Date;
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

export function summarize(requirements: RequirementResult[], read: ReadReport, findings: number): Summary {
  const byVerdict: Record<Verdict, number> = { passed: 0, failed: 0, finding: 0, 'not-exercised': 0, 'not-applicable': 0, 'not-testable': 0, 'suite-side': 0, 'no-check': 0, open: 0, description: 0 };
  for (const r of requirements) byVerdict[r.verdict]++;
  // The catalog's rules: its open points and descriptions ask nothing, and are counted apart (byVerdict).
  const rules = requirements.length - byVerdict.open - byVerdict.description;
  // MUST = the server's testable stated MUST rules (reporting/scope.ts), as the headline and the gate count them.
  const headline = headlineOf(requirements);
  const exercised = byVerdict.passed + byVerdict.failed + byVerdict.finding;
  const checks = read.checks;
  return {
    requirements: rules,
    byVerdict,
    must: {
      total: headline.testable,
      exercised: headline.judged,
      passed: headline.passed,
      failed: headline.failed,
      rate: headline.judged ? headline.passed / headline.judged : null,
      notExercised: headline.notExercised.total,
      notApplicable: headline.notApplicable.total,
      noCheck: headline.noCheck,
    },
    headline,
    shouldFindings: findings,
    exercised,
    exercisedShare: ratio(exercised, rules),
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
  const filtered = describeFilter(read.report);
  const judged = judgeAll(catalog, read.checks, filtered !== undefined);
  withCheckDetails(judged.requirements, read.checks);
  // A bad setting is found twice (the preflight, then the report builder): said once.
  const runErrors = [...new Set([...(input.settingErrors ?? []), ...read.errors])];
  if (catalog.requirements.length === 0) runErrors.push(`the requirement catalog is empty or unreadable${catalog.problems.length ? `: ${catalog.problems[0]}` : ''}`);
  const problems = dedupe([...judged.problems, ...(input.problems ?? []), ...baselineProblems(input.baseline, judged.requirements)]);
  const gate = decideGate({ requirements: judged.requirements, problems, runErrors, strict: !!input.strict, baseline: input.baseline, required: input.required });
  const stats = read.report?.stats;
  return {
    schemaVersion: SCHEMA_VERSION,
    run: {
      runId: input.runId,
      target: input.target,
      startTime: stats?.startTime,
      durationMs: typeof stats?.duration === 'number' ? Math.round(stats.duration) : undefined,
      generatedAt: (input.now ?? new Date()).toISOString(),
      playwrightVersion: read.report?.config?.version,
      // Which suite judged, against which spec text: the same pair as `--version`.
      suiteVersion: suiteIdentity().version,
      specSha256: suiteIdentity().specSha256 || undefined,
      filtered,
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
