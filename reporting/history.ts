/**
 * The runs a trend is drawn from. `SC_HISTORY=dir`: each full run appends a
 * small summary file there (one per run, named by its start time, so a rebuilt
 * report replaces its own), and the trend reads the last 30. Without a history
 * folder, `SC_PREVIOUS_REPORT` (an earlier conformance.json) gives one earlier
 * point. A narrowed run (--grep, --shard) or a broken one is drawn but not kept:
 * its figures are not comparable with a whole run's.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceReport } from './report-types.js';

export interface RunPoint {
  /** The run's start (or, without one, when the report was written). */
  time: string;
  /** Passed ÷ testable server MUST rules (schemaVersion 2 reports); from earlier reports, passed ÷ exercised. */
  mustRate: number | null;
  mustPassed: number;
  mustExercised: number;
  /** The server's testable MUST rules, and how many ended not exercised (absent from points before schemaVersion 2). */
  mustTestable?: number;
  mustNotExercised?: number;
  /** The failing MUST requirements. */
  failing: string[];
  shouldFindings: number;
  gate: 'passed' | 'failed' | 'broken' | 'incomplete';
  filtered?: string;
}

export const HISTORY_LIMIT = 30;

/** The summary of a report, as the history keeps it. Reads earlier conformance.json files too (missing fields: zero). */
export function runPoint(rep: Partial<ConformanceReport>): RunPoint {
  const must = rep.summary?.must;
  const headline = rep.summary?.headline;
  const failing = (rep.requirements ?? []).filter((r) => r && r.verdict === 'failed' && r.severity !== 'SHOULD').map((r) => r.id);
  // A share of only what ran would read 100% for a server that made half the rules unjudgeable: passed of testable.
  const rate = headline ? (headline.testable ? headline.passed / headline.testable : null) : typeof must?.rate === 'number' ? must.rate : null;
  return {
    time: rep.run?.startTime ?? rep.run?.generatedAt ?? new Date(0).toISOString(),
    mustRate: rate,
    mustPassed: must?.passed ?? 0,
    mustExercised: must?.exercised ?? 0,
    ...(headline ? { mustTestable: headline.testable, mustNotExercised: headline.notExercised.total } : {}),
    failing,
    shouldFindings: rep.summary?.shouldFindings ?? 0,
    gate: rep.gate ? ({ 0: 'passed', 1: 'failed', 2: 'broken', 3: 'incomplete' } as const)[rep.gate.exitCode] ?? 'failed' : 'failed',
    filtered: rep.run?.filtered,
  };
}

const fileName = (p: RunPoint) => `run-${p.time.replace(/[:.]/g, '-')}.json`;

function isPoint(v: unknown): v is RunPoint {
  const p = v as RunPoint;
  return !!p && typeof p === 'object' && typeof p.time === 'string' && Array.isArray(p.failing);
}

/** The last `limit` summaries in `dir`, oldest first. Unreadable files are skipped. */
export function readHistory(dir: string, limit = HISTORY_LIMIT): RunPoint[] {
  if (!existsSync(dir)) return [];
  const points: RunPoint[] = [];
  for (const f of readdirSync(dir).filter((x) => /^run-.*\.json$/.test(x))) {
    try {
      const p = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      if (isPoint(p)) points.push(p);
    } catch {
      // a file cut short by a crash: left out of the trend
    }
  }
  return points.sort((a, b) => a.time.localeCompare(b.time)).slice(-limit);
}

/** Writes this run's summary into `dir`; returns the file. */
export function appendHistory(dir: string, point: RunPoint): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, fileName(point));
  writeFileSync(file, `${JSON.stringify(point)}\n`);
  return file;
}

/**
 * The points of this run's trend, oldest first, this run last: from SC_HISTORY
 * (this run appended when it is a whole, unbroken run), else from
 * SC_PREVIOUS_REPORT. Never throws: a trend is an extra.
 */
export function runTrend(where: { history?: string; previousReport?: string }, rep: ConformanceReport): RunPoint[] {
  const now = runPoint(rep);
  const { history, previousReport } = where;
  try {
    if (history) {
      const earlier = readHistory(history).filter((p) => p.time !== now.time);
      if (!now.filtered && rep.run.errors.length === 0) appendHistory(history, now);
      if (earlier.length || !previousReport) return [...earlier.slice(-(HISTORY_LIMIT - 1)), now];
    }
    if (previousReport && existsSync(previousReport)) {
      const before = runPoint(JSON.parse(readFileSync(previousReport, 'utf8')));
      if (before.time !== now.time) return [before, now];
    }
  } catch {
    // an unreadable previous report is already a problem of the run (reporting/diff.ts): no trend then
  }
  return history || previousReport ? [now] : [];
}
