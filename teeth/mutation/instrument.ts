/**
 * The mutants of reference files, and a copy of the reference that holds them:
 * Stryker's instrumenter (mutant switching: every mutant is in the code, behind a
 * run-time test of `globalThis.__stryker__.activeMutant`, which the teeth host
 * answers per reference, reference/mutant-switch.ts). The copy is a tree under
 * .cache/ (git-ignored): reference/ copied with the chosen files instrumented, every
 * other top-level entry of the project linked, so the host's import graph is the
 * same modules but the mutated ones.
 *
 * Not mutated: the reads of the reference's own switches (`seam.defect(…)`,
 * `seam.variant(…)`, `seam.evasion(…)`), which turn on a declared defect, a variant
 * or an evasion (the kill matrix and the variant runs judge those), and what only
 * they decide (switchReads below); such a mutant is `Ignored` with its reason.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ignorer } from '@stryker-mutator/api/ignore';
import type { Logger } from '@stryker-mutator/api/logging';
import { Instrumenter, type InstrumenterOptions } from '@stryker-mutator/instrumenter';
import { ROOT } from '../paths.js';

/** A mutant as the report and the survivor file name it: 1-based lines and columns (the report schema's). */
export interface MutantInfo {
  /** Stryker's id in this instrumentation: the run-time switch's value. */
  id: string;
  /** Stable across runs while the file is unchanged: file, mutator, location and replacement. */
  key: string;
  file: string;
  mutatorName: string;
  replacement: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
  /** Set when the instrumenter did not place it (Ignored), with the reason. */
  ignoredBecause?: string;
}

export const mutantKey = (m: Pick<MutantInfo, 'file' | 'mutatorName' | 'location' | 'replacement'>): string =>
  `${m.file}@${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column} ${m.mutatorName} ${m.replacement}`;

const SWITCH_METHODS = new Set(['defect', 'variant', 'evasion']);

interface Node {
  type?: string;
  operator?: string;
  left?: Node;
  right?: Node;
  test?: Node;
  consequent?: Node;
  callee?: { type?: string; property?: { name?: string }; object?: { name?: string; property?: { name?: string } } };
}

/** `seam.defect('x')`, `this.seam.variant('y')`, `ctx.seam.evasion('z')`: a switch of the teeth, not behaviour of the server. */
function isSeamRead(node: Node | undefined): boolean {
  const callee = node?.type === 'CallExpression' ? node.callee : undefined;
  if (callee?.type !== 'MemberExpression' || !SWITCH_METHODS.has(callee.property?.name ?? '')) return false;
  return (callee.object?.name ?? callee.object?.property?.name) === 'seam';
}

/** A switch read, or an `&&` chain with one among its operands: false whenever every switch is off. */
const isSwitchGuard = (node: Node | undefined): boolean =>
  isSeamRead(node) || (node?.type === 'LogicalExpression' && node.operator === '&&' && (isSwitchGuard(node.left) || isSwitchGuard(node.right)));

const SWITCH = 'a switch of the reference (reference/seam.ts): its defects, variants and evasions are judged by the kill matrix and the variant runs';
const GUARDED = 'decides nothing while every switch is off: the other operand of an && with a switch read';
const SWITCHED_ONLY = 'runs only with a defect, variant or evasion switched on (the branch of a switch read)';

/**
 * Mutants that no clean-reference run can tell apart, by construction of the seam: the switch read
 * itself, the other operands of an `&&` chain with a switch read (the chain is false with the switch off,
 * whatever they say), and the branch taken only when the switch is on. Each is `Ignored` with its reason.
 */
const switchReads: Ignorer = {
  shouldIgnore(path) {
    const { node, parent } = path as unknown as { node?: Node; parent?: Node };
    if (isSeamRead(node)) return SWITCH;
    if (parent?.type === 'LogicalExpression' && parent.operator === '&&' && (isSwitchGuard(parent.left) || isSwitchGuard(parent.right))) return GUARDED;
    const branching = parent?.type === 'IfStatement' || parent?.type === 'ConditionalExpression';
    if (branching && parent?.consequent === node && isSwitchGuard(parent?.test)) return SWITCHED_ONLY;
    return undefined;
  },
};

const quiet = (): Logger => {
  const none = () => undefined;
  const no = () => false;
  return { isTraceEnabled: no, isDebugEnabled: no, isInfoEnabled: no, isWarnEnabled: no, isErrorEnabled: no, isFatalEnabled: no, trace: none, debug: none, info: none, warn: none, error: none, fatal: none };
};

/** The mutants of `files` (paths from the project root) and their instrumented sources. */
export async function instrument(files: string[]): Promise<{ mutants: MutantInfo[]; sources: Map<string, string> }> {
  const instrumenter = new Instrumenter(quiet());
  const options: InstrumenterOptions = { plugins: null, excludedMutations: [], ignorers: [switchReads], noHeader: false };
  const result = await instrumenter.instrument(
    files.map((name) => ({ name, content: readFileSync(join(ROOT, name), 'utf8'), mutate: true })),
    options,
  );
  const mutants = result.mutants.map((m): MutantInfo => {
    // Stryker counts lines and columns from 0; the report schema from 1.
    const location = {
      start: { line: m.location.start.line + 1, column: m.location.start.column + 1 },
      end: { line: m.location.end.line + 1, column: m.location.end.column + 1 },
    };
    const info = { id: m.id, file: m.fileName, mutatorName: m.mutatorName, replacement: m.replacement, location };
    return { ...info, key: mutantKey(info), ...(m.status === 'Ignored' ? { ignoredBecause: m.statusReason ?? 'ignored' } : {}) };
  });
  return { mutants, sources: new Map(result.files.map((f) => [f.name, f.content])) };
}

/**
 * Writes the tree the teeth host is forked from: `dir`/reference a copy with the instrumented
 * sources in place, every other entry of the project a link to it. Returns `dir`.
 */
export function writeTree(dir: string, sources: Map<string, string>): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(ROOT)) {
    if (entry === 'reference' || entry === '.cache' || entry === '.git') continue;
    symlinkSync(join(ROOT, entry), join(dir, entry));
  }
  cpSync(join(ROOT, 'reference'), join(dir, 'reference'), { recursive: true });
  for (const [file, source] of sources) writeFileSync(join(dir, file), source);
  return dir;
}
