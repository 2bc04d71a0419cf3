/**
 * Playwright's JSON report (the `json` reporter, also `--list --reporter=json`)
 * as both readers see it: the conformance report (reporting/read-playwright-report.ts)
 * and the teeth (teeth/job-checks.ts). The shapes are Playwright's own
 * (`JSONReport` from '@playwright/test/reporter'), every field optional: a run
 * cut short writes a partial file, and tests write small hand-made ones.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { JSONReport, JSONReportSpec, JSONReportSuite, JSONReportTest, JSONReportTestResult } from '@playwright/test/reporter';

type DeepPartial<T> = T extends (infer E)[] ? DeepPartial<E>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** A JSON report as read from disk. */
export type PlaywrightReport = DeepPartial<JSONReport>;
export type ReportSuite = DeepPartial<JSONReportSuite>;
export type ReportSpec = DeepPartial<JSONReportSpec>;
export type ReportTest = DeepPartial<JSONReportTest>;
export type ReportResult = DeepPartial<JSONReportTestResult>;
export type ReportAnnotation = NonNullable<ReportTest['annotations']>[number];
/** Playwright's status of one attempt: passed, failed, timedOut, skipped, interrupted. */
export type ResultStatus = NonNullable<JSONReportTestResult['status']>;

/** One test of the report, with where it stands. */
export interface ReportEntry {
  /** The spec file, relative to the test dir. */
  file: string;
  /** Titles of the enclosing describes, outermost first (not the file). */
  describes: string[];
  spec: ReportSpec;
  test: ReportTest;
  /** The last attempt; undefined when the test never ran (a listing, a run stopped before it). */
  last: ReportResult | undefined;
  /** Annotations of the test and of its last attempt (those pushed at run time show up on both). */
  annotations: ReportAnnotation[];
}

/** Every test of the report, in report order. */
export function reportEntries(report: PlaywrightReport): ReportEntry[] {
  const out: ReportEntry[] = [];
  const walk = (suite: ReportSuite, describes: string[], file: string): void => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        out.push({ file: spec.file || file, describes, spec, test, last, annotations: [...(test.annotations ?? []), ...(last?.annotations ?? [])] });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...describes, child.title ?? ''], child.file ?? file);
  };
  // Top-level suites are files: their title is the file path, not a describe.
  for (const fileSuite of report.suites ?? []) walk(fileSuite, [], fileSuite.file ?? fileSuite.title ?? '');
  return out;
}

/** The error messages of an attempt (`errors`, else the single `error`). */
export const resultErrors = (result: ReportResult | undefined): string[] =>
  (result?.errors?.length ? result.errors : result?.error ? [result.error] : []).map((e) => e?.message ?? '');

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC.
const ANSI = /\u001b\[[0-9;]*m/g;

/** The text without ANSI colours. */
export const stripAnsi = (text: string): string => text.replace(ANSI, '');

/**
 * Reads and parses the JSON report at `path`. Never throws: a missing, empty,
 * cut short or foreign file comes back as `error`, saying which;
 * `missing` when the run wrote none (no file, or an empty one).
 */
export function readJsonReport(path: string): { report?: PlaywrightReport; error?: string; missing?: boolean } {
  if (!existsSync(path)) return { error: `no JSON report at ${path}`, missing: true };
  if (statSync(path).size === 0) return { error: `the JSON report at ${path} is empty`, missing: true };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return { error: `the JSON report at ${path} is unreadable (cut short?): ${(e as Error).message}` };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { error: `the JSON report at ${path} is not a Playwright JSON report` };
  return { report: parsed as PlaywrightReport };
}
