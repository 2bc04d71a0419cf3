/**
 * What a mutation run tests (pure): which spec group judges a reference file,
 * which mutants a sample takes, and which checks of the dry run cover a mutant.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { escapeRegExp } from '../../catalog/ids.js';
import { type PlaywrightReport, reportEntries, type ResultStatus } from '../../reporting/playwright-json.js';
import { ROOT } from '../paths.js';

/** The reference files whose rules the spec calls hardest (issue 24.3): the default selection. */
export const HARDEST_FILES = [
  'reference/items/store.ts',
  'reference/items/paging.ts',
  'reference/webhooks/dispatcher.ts',
  'reference/webhooks/signing.ts',
  'reference/oauth/token.ts',
  'reference/oauth/sessions.ts',
];

/** reference/<folder>/ → the spec group (specs/<group>/) that owns its rules. */
const GROUP_OF_FOLDER: Record<string, string> = { items: 'items', webhooks: 'webhooks', oauth: 'auth', transactions: 'transactions' };

/**
 * Files whose behaviour another group's rules judge too: the store emits ITEM_INACTIVATED, whose delivery
 * and payload the webhooks group judges (WH-EVT-2, WH-EVT-3), and names an item's seller to the
 * transactions group (ownerOf).
 */
const ALSO_JUDGED_BY: Record<string, string[]> = { 'reference/items/store.ts': ['webhooks', 'transactions'] };

/** The spec group judging a reference file; undefined for a file no group owns (the whole suite judges it). */
export function groupOf(file: string): string | undefined {
  const folder = /^reference\/([^/]+)\//.exec(file)?.[1];
  return folder ? GROUP_OF_FOLDER[folder] : undefined;
}

/** Every spec group judging a reference file: its own and those ALSO_JUDGED_BY names. */
export const groupsOf = (file: string): (string | undefined)[] => [groupOf(file), ...(ALSO_JUDGED_BY[file] ?? [])];

/**
 * The checks of the general rules (GEN-ERR, GEN-JSON: an error's shape, no 5xx on invalid input) live with
 * the auth group but judge every group's endpoints: they judge every group's files too.
 */
export const GENERAL_SPEC_FILES = ['auth/general-http.spec.ts'];

/** The group's spec files and the general rules', relative to the conformance test folder (specs/); every spec file when no group. */
export function specFilesOf(group: string | undefined): string[] {
  if (!group) return [];
  const own = readdirSync(join(ROOT, 'specs', group))
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => `${group}/${f}`);
  return [...new Set([...own, ...GENERAL_SPEC_FILES])];
}

/** A seeded pseudo-random sample of `n` items (mulberry32, Fisher-Yates), in their original order. */
export function sample<T>(items: readonly T[], n: number | undefined, seed: number): T[] {
  if (n === undefined || n >= items.length) return [...items];
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const index = items.map((_, i) => i);
  for (let i = index.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [index[i], index[j]] = [index[j], index[i]];
  }
  return index
    .slice(0, n)
    .sort((a, b) => a - b)
    .map((i) => items[i]);
}

/** One check of the dry run, with the time it ran. */
export interface TimedCheck {
  /** `file › describe › title` (teeth/job-checks.ts key). */
  key: string;
  file: string;
  titlePath: string[];
  status?: ResultStatus;
  startMs: number;
  endMs: number;
}

export function timedChecks(report: PlaywrightReport): TimedCheck[] {
  return reportEntries(report).map(({ file, describes, spec, last }) => {
    const titlePath = [...describes, spec.title ?? ''];
    const startMs = last?.startTime ? Date.parse(String(last.startTime)) : 0;
    return { key: [file, ...titlePath].join(' › '), file, titlePath, status: last?.status, startMs, endMs: startMs + (last?.duration ?? 0) };
  });
}

/**
 * The dry run's passed checks that ran while each mutant's code was hit: its coverage is filed by
 * `<key>#<slice of sliceMs>` (reference/mutant-switch.ts). A job's checks run one after another in one
 * worker, so each check owns the time from its start to the next check's start (a report's duration leaves
 * out some of a check's own fixtures): a hit between two checks, or late in one (a retry timer), names the
 * check before it and at most the next; a hit before the first check (the reference's start-up) names every
 * check. A superset costs a check, never a kill.
 */
export function coveringChecks(checks: TimedCheck[], perTest: Record<string, Record<string, number>>, key: string, sliceMs: number): Map<string, TimedCheck[]> {
  const bySlice = new Map<number, string[]>();
  for (const [bucket, hits] of Object.entries(perTest)) {
    const [k, slice] = bucket.split('#');
    if (k === key && slice !== undefined) bySlice.set(Number(slice), Object.keys(hits));
  }
  const ran = checks.filter((c) => c.startMs > 0).sort((a, b) => a.startMs - b.startMs);
  const out = new Map<string, TimedCheck[]>();
  // Code run before the first check (the reference's start-up: its constructors) serves every check.
  const first = Math.floor((ran[0]?.startMs ?? 0) / sliceMs);
  const startUp = new Set([...bySlice].filter(([s]) => s < first).flatMap(([, ids]) => ids));
  const passed = ran.filter((c) => c.status === 'passed');
  for (const id of startUp) out.set(id, [...passed]);
  for (const [i, check] of ran.entries()) {
    if (check.status !== 'passed') continue;
    const until = Math.max(check.endMs, ran[i + 1]?.startMs ?? check.endMs + 10 * sliceMs);
    const ids = new Set<string>();
    for (let s = Math.floor(check.startMs / sliceMs); s <= Math.floor(until / sliceMs); s++) for (const id of bySlice.get(s) ?? []) ids.add(id);
    for (const id of ids) if (!startUp.has(id)) out.set(id, [...(out.get(id) ?? []), check]);
  }
  return out;
}

/**
 * A grep that selects these checks by their own titles (Playwright matches `project file describe @tags… title
 * @tags`): with the job's files, these checks and any namesake in them (a superset costs a check, never a kill).
 */
export const grepForChecks = (checks: TimedCheck[]): string =>
  [...new Set(checks.map((c) => `(?:^| )${escapeRegExp(c.titlePath.at(-1) ?? '')}(?: @\\S+)*$`))].join('|');
