/**
 * interop/expectations.json: per interop target, the MUST failures a default run of the suite is expected
 * to show, each with the sentence it breaks and what the target does. Only a target that breaks the spec
 * (or an RFC MUST) is listed there; where the suite is stricter than the spec, the suite is mended instead.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const EXPECTATIONS_FILE = fileURLToPath(new URL('expectations.json', import.meta.url));

export interface ExpectedFailure {
  /** The catalog rule the run fails. */
  rule: string;
  /** The sentence of the spec, or of an RFC with its MUST/SHALL/REQUIRED, that the target breaks. */
  breaks: string;
  /** What the target does instead. */
  target: string;
}

export interface TargetExpectations {
  /** Which implementation this is. */
  what: string;
  failures: ExpectedFailure[];
}

const text = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

/** The expectations of every target; throws a one-line message on a malformed file. */
export function loadExpectations(file = EXPECTATIONS_FILE): Record<string, TargetExpectations> {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { targets?: Record<string, { what?: unknown; failures?: unknown }> };
  const out: Record<string, TargetExpectations> = {};
  for (const [name, t] of Object.entries(parsed.targets ?? {})) {
    if (!text(t.what) || !Array.isArray(t.failures)) throw new Error(`${file}: target ${name} needs "what" and a "failures" array`);
    const failures = t.failures as Partial<ExpectedFailure>[];
    const bad = failures.find((f) => !text(f.rule) || !text(f.breaks) || !text(f.target));
    if (bad) throw new Error(`${file}: target ${name}: every failure needs "rule", "breaks" (the sentence it breaks) and "target" (what it does): ${JSON.stringify(bad)}`);
    out[name] = { what: t.what, failures: failures as ExpectedFailure[] };
  }
  return out;
}

/** One target's expectations; throws when the file does not name it. */
export function expectationsOf(target: string, file = EXPECTATIONS_FILE): TargetExpectations {
  const found = loadExpectations(file)[target];
  if (!found) throw new Error(`${file} has no target "${target}"`);
  return found;
}
