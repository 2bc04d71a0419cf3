/**
 * The fairness matrix (issue 39 item 3), the dual of the kill matrix: the suite's own conformance run, with default
 * settings, against N servers drawn from the spec's freedoms (catalog/freedoms.json, reference/freedoms.ts), each
 * a whole-suite run against the embedded reference as the kill matrix's variant runs are (run-playwright.ts), with
 * REFERENCE_FREEDOMS in place of REFERENCE_VARIANTS. Every draw must be FAIR (fairness-verdict.ts). A draw that is
 * not is shrunk to the fewest freedoms that still make it unfair, the others reset to the reference's defaults,
 * each probe running only the rules of its false verdict; the result prints as a one-line reproduction. The matrix
 * draws declarations too (reference/undeclared.ts): which of the drawn values the embedded run leaves undeclared, as
 * a remote target may, and a shrink resets them to declared, the default.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drawnFreedoms, FREEDOMS_DATA } from '../catalog/freedoms.js';
import { grepForIds } from '../catalog/ids.js';
import { drawFreedoms, type FreedomValues, formatFreedoms, realize } from '../reference/freedoms.js';
import { DECLARABLE_IDS, drawUndeclared, formatUndeclared } from '../reference/undeclared.js';
import { beyondCommon, type DrawJudgement, judgeDraw } from './fairness-verdict.js';
import { runPool } from './pool.js';
import { notStarted, runPlaywright } from './run-playwright.js';

export interface Draw {
  /** `seed:N`, or `fixed:N` for a draw named by its values. */
  label: string;
  values: FreedomValues;
  /** The declarable freedoms the embedded run leaves undeclared (REFERENCE_UNDECLARED); none given: its default. */
  undeclared?: string[];
  /** Run only these rules (npm test's bounded draws: the rules whose checks depend on the freedoms drawn); none: the whole suite. */
  rules?: string[];
}

export interface Shrunk {
  values: FreedomValues;
  undeclared?: string[];
  rules: string[];
  probes: number;
  /** Found as a known culprit of an earlier draw instead of shrunk again. */
  knownFrom?: string;
  /** The whole draw, probed again, did not give the false verdict: a false verdict still, but not shrunk (no probe could tell). */
  intermittent?: boolean;
}

export interface DrawRow extends Draw {
  judgement: DrawJudgement;
  seconds: number;
  shrunk?: Shrunk;
}

export interface FairnessResult {
  rows: DrawRow[];
  wallSeconds: number;
  /** Draws whose verdict was false (UNFAIR). */
  falseVerdicts: number;
  /** Every drawn freedom and the values its draws took. */
  covered: Record<string, string[]>;
  /** Each declarable freedom: the draws that declared its value, and those that left it undeclared (draws naming their declarations). */
  declarations: Record<string, { declared: number; undeclared: number }>;
  ok: boolean;
}

/** Runs the rules `rules` (none: the whole suite) against the server `values`, those `undeclared` left undeclared; its judgement. */
export type Probe = (values: FreedomValues, name: string, rules?: string[], undeclared?: string[]) => Promise<{ judgement: DrawJudgement; seconds: number }>;

export interface FairnessOptions {
  draws: Draw[];
  jobs: number;
  suiteTimeoutS: number;
  shrink: boolean;
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
  /** Epoch ms after which no further draw starts (the benchmark's time budget); the draws running finish. */
  until?: number;
  /** How a draw runs (tests give a fake); default: a conformance run (playwrightProbe). */
  probe?: Probe;
}

/** The draws of seeds `seed`, `seed + 1`, …: `count` of them, each with its declarations. */
export const seededDraws = (seed: number, count: number): Draw[] =>
  Array.from({ length: count }, (_, i) => ({ label: `seed:${seed + i}`, values: drawFreedoms(seed + i), undeclared: drawUndeclared(seed + i) }));

/** The testable MUST rules whose checks depend on a freedom `values` sets off its default (catalog/freedoms.json `depends`). */
export function dependentRules(values: FreedomValues): string[] {
  const off = drawnFreedoms().filter((f) => values[f.id] !== undefined && values[f.id] !== String(f.default)).map((f) => f.id);
  return Object.entries(FREEDOMS_DATA.depends).flatMap(([rule, ids]) => (ids.some((id) => off.includes(id)) ? [rule] : []));
}

/** REFERENCE_UNDECLARED for a run of `values` (unset: undefined): the list, or `none` where the default would leave one out. */
const undeclaredSetting = (values: FreedomValues, undeclared: string[] | undefined): string | undefined =>
  undeclared && formatUndeclared(undeclared, realize(values).variants);

/** The one-line reproduction of a server and its declarations: the command a reader runs. */
export function reproduction(values: FreedomValues, undeclared?: string[]): string {
  const declarations = undeclaredSetting(values, undeclared);
  return `REFERENCE_FREEDOMS=${formatFreedoms(values) || '""'}${declarations ? ` REFERENCE_UNDECLARED=${declarations}` : ''} npm run conformance`;
}

/** More requests than a whole run of one worker makes (about 1 300 API requests, 70 token requests, 40 logins). */
const REQUESTS_PER_RUN = 2_000;

/**
 * A draw's hang guard: `timeoutS`, and one drawn round trip (the freedom `latency`) more for each request a whole run
 * makes: a slow network is no hang (a whole run of one worker at 250 ms took 6 min 53 s, above the 300 s default).
 */
export const drawBoundS = (values: FreedomValues, timeoutS: number): number => timeoutS + Math.ceil((Number(values.latency ?? 0) * REQUESTS_PER_RUN) / 1000);

/** A conformance run in a folder of its own under `workDir`, with default settings but the drawn server. */
export function playwrightProbe(workDir: string, workers: number, suiteTimeoutS: number, signal?: AbortSignal): Probe {
  let n = 0;
  return async (values, name, rules, undeclared) => {
    const timeoutS = drawBoundS(values, suiteTimeoutS);
    const dir = join(workDir, `${String(n++).padStart(4, '0')}-${name.replace(/[^a-z0-9-]/gi, '_')}`);
    const outcome = signal?.aborted
      ? notStarted(name)
      : await runPlaywright({
          name,
          args: rules?.length ? ['--grep', grepForIds(rules)] : [],
          env: {
            SC_WORKERS: String(workers),
            SC_ALLURE: '0',
            SC_VIEWER_REPORTS: '0',
            REFERENCE_FREEDOMS: formatFreedoms(values),
            REFERENCE_UNDECLARED: undeclaredSetting(values, undeclared) ?? '',
          },
          dir,
          timeoutMs: timeoutS * 1000,
          signal,
        });
    return { judgement: judgeDraw(outcome, dir, values, timeoutS, undeclared), seconds: outcome.seconds };
  };
}

/** `values` with only the freedoms `keep` off their defaults. */
const only = (values: FreedomValues, keep: readonly string[]): FreedomValues => Object.fromEntries(Object.entries(values).filter(([id]) => keep.includes(id)));

/** A declaration in a shrink's parts: `undeclared:<freedom>`, beside the freedoms' ids. */
const UNDECLARED = 'undeclared:';

/**
 * The fewest freedoms of `values` (off their defaults) and declarations of `undeclared` that still make `fails` true:
 * halves first while one half alone still fails, then each part left out in turn (a freedom reset to its default, a
 * value declared again). Greedy (a 1-minimal set, not always the smallest).
 */
export async function shrinkFreedoms(
  values: FreedomValues,
  fails: (v: FreedomValues, undeclared: string[]) => Promise<boolean>,
  undeclared: readonly string[] = [],
): Promise<{ kept: string[]; undeclared: string[]; probes: number }> {
  const defaults = Object.fromEntries(drawnFreedoms().map((f) => [f.id, String(f.default)]));
  let kept = [...Object.keys(values).filter((id) => values[id] !== defaults[id]), ...undeclared.map((id) => `${UNDECLARED}${id}`)];
  const split = (parts: string[]) => ({
    freedoms: parts.filter((p) => !p.startsWith(UNDECLARED)),
    undeclared: parts.filter((p) => p.startsWith(UNDECLARED)).map((p) => p.slice(UNDECLARED.length)),
  });
  let probes = 0;
  const test = (parts: string[]) => {
    probes++;
    const { freedoms, undeclared: left } = split(parts);
    return fails(only(values, freedoms), left);
  };
  while (kept.length > 1) {
    const half = Math.ceil(kept.length / 2);
    const [a, b] = [kept.slice(0, half), kept.slice(half)];
    if (await test(a)) kept = a;
    else if (await test(b)) kept = b;
    else break;
  }
  for (const id of [...kept]) if (kept.length > 1 && (await test(kept.filter((k) => k !== id)))) kept = kept.filter((k) => k !== id);
  const { freedoms, undeclared: left } = split(kept);
  return { kept: freedoms, undeclared: left, probes };
}

const overlaps = (a: readonly string[], b: readonly string[]): boolean => a.length === 0 || b.length === 0 || a.some((x) => b.includes(x));

export async function runFairness(options: FairnessOptions, workDir = mkdtempSync(join(tmpdir(), 'sc-fairness-'))): Promise<FairnessResult> {
  const started = Date.now();
  const workers = options.jobs >= 2 ? 1 : 2;
  const probe = options.probe ?? playwrightProbe(workDir, workers, options.suiteTimeoutS, options.signal);
  const known: (Shrunk & { label: string })[] = [];
  const rows: DrawRow[] = [];
  try {
    await runPool(options.draws, options.jobs, async (draw) => {
      if (options.until !== undefined && Date.now() > options.until) return;
      const { judgement, seconds } = await probe(draw.values, draw.label, draw.rules, draw.undeclared);
      const row: DrawRow = { ...draw, judgement, seconds };
      rows.push(row);
      const beyond = beyondCommon(draw.values);
      const declarations = draw.undeclared ? `; undeclared: ${draw.undeclared.join(', ') || 'none'}` : '';
      options.onProgress?.(`${judgement.verdict.padEnd(7)} ${draw.label} gate ${judgement.gate ?? '?'} (${seconds.toFixed(0)} s; ${beyond.length ? `beyond the common range: ${beyond.join(', ')}` : 'all common'}${declarations})${judgement.detail ? `\n        ${judgement.detail}` : ''}`);
      if (judgement.verdict !== 'UNFAIR' || !options.shrink || options.signal?.aborted) return;
      // A culprit already shrunk, all of whose values this draw holds, explains it without shrinking again.
      const holds = (k: Shrunk) => Object.entries(k.values).every(([id, v]) => draw.values[id] === v) && (k.undeclared ?? []).every((id) => draw.undeclared?.includes(id));
      const culprit = known.find((k) => overlaps(k.rules, judgement.rules) && holds(k));
      if (culprit) {
        row.shrunk = { ...culprit, probes: 0, knownFrom: culprit.label };
      } else {
        // A draw that names no declarations keeps the run's default ones in every probe (undefined, not none).
        const stillFails = async (v: FreedomValues, undeclared: string[]) => {
          const { judgement: j } = await probe(v, `${draw.label}-shrink`, judgement.rules.length ? judgement.rules : undefined, draw.undeclared && undeclared);
          return j.verdict === 'UNFAIR' && overlaps(j.rules, judgement.rules);
        };
        // The whole draw first: a false verdict it does not give again (a coin in a check, the load) cannot be shrunk,
        // each probe's answer being a coin too; shrinking it anyway cost some twenty runs and kept nearly every freedom.
        if (!(await stillFails(draw.values, draw.undeclared ?? []))) {
          row.shrunk = { values: draw.values, undeclared: draw.undeclared, rules: judgement.rules, probes: 1, intermittent: true };
        } else {
          const { kept, undeclared, probes } = await shrinkFreedoms(draw.values, stillFails, draw.undeclared);
          row.shrunk = { values: only(draw.values, kept), undeclared: draw.undeclared && undeclared, rules: judgement.rules, probes: probes + 1 };
          known.push({ ...row.shrunk, label: draw.label });
        }
      }
      const how = row.shrunk.knownFrom ? ` (as ${row.shrunk.knownFrom})` : row.shrunk.intermittent ? ' not: intermittent, the draw probed again was fair' : ` in ${row.shrunk.probes} probes`;
      options.onProgress?.(`        shrunk${how}: ${reproduction(row.shrunk.values, row.shrunk.undeclared)}  # ${judgement.detail ?? judgement.verdict}`);
    });
  } finally {
    if (!options.probe) rmSync(workDir, { recursive: true, force: true });
  }
  // In the draws' order, whatever order they ended in.
  rows.sort((a, b) => options.draws.findIndex((d) => d.label === a.label) - options.draws.findIndex((d) => d.label === b.label));
  const covered: Record<string, string[]> = {};
  for (const row of rows) for (const f of drawnFreedoms()) covered[f.id] = [...new Set([...(covered[f.id] ?? []), row.values[f.id] ?? String(f.default)])];
  const declarations = Object.fromEntries(DECLARABLE_IDS.map((id) => [id, { declared: 0, undeclared: 0 }]));
  for (const row of rows) for (const id of row.undeclared ? DECLARABLE_IDS : []) declarations[id][row.undeclared?.includes(id) ? 'undeclared' : 'declared']++;
  const falseVerdicts = rows.filter((r) => r.judgement.verdict === 'UNFAIR').length;
  const ok = rows.length > 0 && rows.every((r) => r.judgement.verdict === 'FAIR');
  return { rows, wallSeconds: (Date.now() - started) / 1000, falseVerdicts, covered, declarations, ok };
}
