/**
 * The evasion matrix (issue "A PASS is proof", item 8): the suite run as any
 * conformance run against the reference with one evasive behaviour switched on
 * (reference/evasions.ts), its gate read from the run's conformance.json. An
 * evasion row holds only when the gate says FAILED or INCOMPLETE: PASSED means a
 * server turned rules unjudged and still passed; BROKEN means the suite blamed
 * the run instead of judging the server. Pure over the run's files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunOutcome } from './run-playwright.js';
import { runError } from './matrix-verdicts.js';

export type GateState = 'PASSED' | 'FAILED' | 'INCOMPLETE' | 'BROKEN';

/** OK: FAILED or INCOMPLETE. PASSED / BROKEN: the gate said so. ERROR: the run left no gate to read. NOT-RUN: never started. */
export type EvasionVerdict = 'OK' | 'PASSED' | 'BROKEN' | 'ERROR' | 'NOT-RUN';

export interface EvasionResult {
  verdict: EvasionVerdict;
  exitCode: number | null;
  gate?: GateState;
  /** Testable server MUST rules judged, and how many there are (conformance.json's headline). */
  judged?: number;
  testable?: number;
  headline?: string;
  detail?: string;
}

const BY_EXIT: Record<number, GateState> = { 0: 'PASSED', 1: 'FAILED', 2: 'BROKEN', 3: 'INCOMPLETE' };
const STATES: readonly string[] = ['PASSED', 'FAILED', 'INCOMPLETE', 'BROKEN'];

type Json = Record<string, unknown> | undefined;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * What the gate of a conformance.json says. Reads `gate.state`, else `gate.exitCode`; the headline's
 * judged/testable, else the older `summary.must` figures (exercised/total). Missing fields stay undefined.
 */
export function readGate(report: unknown): Pick<EvasionResult, 'gate' | 'judged' | 'testable' | 'headline'> & { exitCode?: number } {
  const gate = obj(obj(report)?.gate);
  const summary = obj(obj(report)?.summary);
  const headline = obj(summary?.headline);
  const must = obj(summary?.must);
  const exitCode = num(gate?.exitCode);
  const state = typeof gate?.state === 'string' && STATES.includes(gate.state) ? (gate.state as GateState) : exitCode !== undefined ? BY_EXIT[exitCode] : undefined;
  return {
    gate: state,
    exitCode,
    judged: num(headline?.judged) ?? num(must?.exercised),
    testable: num(headline?.testable) ?? num(must?.total),
    headline: typeof headline?.text === 'string' ? headline.text : undefined,
  };
}

/** The verdict on one evasion's run, from its outcome and the conformance.json in `dir`. */
export function evasionVerdict(outcome: RunOutcome, dir: string, limitSeconds?: number): EvasionResult {
  if (outcome.notStarted) return { verdict: 'NOT-RUN', exitCode: null, detail: runError(outcome) };
  // The run's own JSON report is not needed here: only a hang or an interruption makes its exit code meaningless.
  const error = outcome.timedOut || outcome.aborted ? runError(outcome, limitSeconds) : undefined;
  const file = join(dir, 'conformance.json');
  let parsed: unknown;
  if (existsSync(file)) {
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      parsed = undefined;
    }
  }
  const read = parsed ? readGate(parsed) : {};
  // The gate is the conformance reporter's; the process's exit code stands in only when the file has none.
  const gate = read.gate ?? (outcome.exitCode !== null && !error ? BY_EXIT[outcome.exitCode] : undefined);
  const base = { exitCode: outcome.exitCode, gate, judged: read.judged, testable: read.testable, headline: read.headline };
  if (error && !read.gate) return { ...base, verdict: 'ERROR', detail: error };
  if (!gate) return { ...base, verdict: 'ERROR', detail: `no gate in ${file} (exit ${outcome.exitCode})\n${outcome.logTail}` };
  if (gate === 'PASSED') return { ...base, verdict: 'PASSED', detail: 'the gate passed a server that evades: a PASS that proves nothing' };
  if (gate === 'BROKEN') return { ...base, verdict: 'BROKEN', detail: `the run was called broken: the suite blamed itself instead of judging the server\n${outcome.logTail}` };
  return { ...base, verdict: 'OK' };
}
