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
import type { Mutant } from '@stryker-mutator/api/core';
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
  loc?: { start: { line: number; column: number }; end: { line: number; column: number } };
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

const FORCED_OFF = 'a switch guard forced false: what every clean reference does';
const SWITCH = 'a switch of the reference (reference/seam.ts): its defects, variants and evasions are judged by the kill matrix and the variant runs';
const GUARDED = 'decides nothing while every switch is off: the other operand of an && with a switch read';
const SWITCHED_ONLY = 'runs only with a defect, variant or evasion switched on (the branch of a switch read)';

/**
 * Mutants that no clean-reference run can tell apart, by construction of the seam: the switch read
 * itself, the other operands of an `&&` chain with a switch read (the chain is false with the switch off,
 * whatever they say), and the branch taken only when the switch is on. Each is `Ignored` with its reason.
 * A guard forced `false` is too, but the guard's other mutants are not: `guards` collects where they are.
 */
function switchReads(guards: Set<string>): Ignorer {
  // Marked when their parent is entered, before the instrumentation rewrites the parent's test.
  const guarded = new WeakSet<object>();
  const switchedOnly = new WeakSet<object>();
  return {
    shouldIgnore(path) {
      const { node, hub } = path as unknown as { node?: Node; hub?: { file?: { opts?: { filename?: string } } } };
      if (!node) return undefined;
      if (isSwitchGuard(node) && node.loc) {
        // Babel counts lines from 1, Stryker's locations from 0 (columns from 0 in both).
        const { start, end } = node.loc;
        guards.add(`${hub?.file?.opts?.filename}@${start.line - 1}:${start.column}-${end.line - 1}:${end.column}`);
      }
      if (node.type === 'LogicalExpression' && node.operator === '&&' && (isSwitchGuard(node.left) || isSwitchGuard(node.right)))
        for (const operand of [node.left, node.right]) if (operand) guarded.add(operand);
      if ((node.type === 'IfStatement' || node.type === 'ConditionalExpression') && isSwitchGuard(node.test) && node.consequent) switchedOnly.add(node.consequent);
      if (isSeamRead(node)) return SWITCH;
      if (guarded.has(node)) return GUARDED;
      if (switchedOnly.has(node)) return SWITCHED_ONLY;
      return undefined;
    },
  };
}

const quiet = (): Logger => {
  const none = () => undefined;
  const no = () => false;
  return { isTraceEnabled: no, isDebugEnabled: no, isInfoEnabled: no, isWarnEnabled: no, isErrorEnabled: no, isFatalEnabled: no, trace: none, debug: none, info: none, warn: none, error: none, fatal: none };
};

/** The mutants of `files` (paths from the project root) and their instrumented sources. */
export async function instrument(files: string[]): Promise<{ mutants: MutantInfo[]; sources: Map<string, string> }> {
  const instrumenter = new Instrumenter(quiet());
  // Where the switch guards are, as `file@location` (Stryker's coordinates).
  const guards = new Set<string>();
  // One call for every file: Stryker numbers the mutants of one call, and the run-time switch needs each number once.
  const result = await instrumenter.instrument(
    files.map((name) => ({ name, content: readFileSync(join(ROOT, name), 'utf8'), mutate: true })),
    { plugins: null, excludedMutations: [], ignorers: [switchReads(guards)], noHeader: false } satisfies InstrumenterOptions,
  );
  return { mutants: result.mutants.map((m) => toInfo(m, guards)), sources: new Map(result.files.map((f) => [f.name, f.content])) };
}

/** Stryker's mutant as the report names it (a guard forced false: Ignored, see switchReads). */
function toInfo(m: Mutant, guards: Set<string>): MutantInfo {
  const at = `${m.fileName}@${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column}`;
  const forcedOff = m.mutatorName === 'ConditionalExpression' && m.replacement === 'false' && guards.has(at);
  // Stryker counts lines and columns from 0; the report schema from 1.
  const location = {
    start: { line: m.location.start.line + 1, column: m.location.start.column + 1 },
    end: { line: m.location.end.line + 1, column: m.location.end.column + 1 },
  };
  const info = { id: m.id, file: m.fileName, mutatorName: m.mutatorName, replacement: m.replacement, location };
  const ignored = m.status === 'Ignored' ? (m.statusReason ?? 'ignored') : forcedOff ? FORCED_OFF : undefined;
  return { ...info, key: mutantKey(info), ...(ignored ? { ignoredBecause: ignored } : {}) };
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
