import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The spec's freedoms (catalog/freedoms.json): every choice a conforming server may make where the spec leaves it
 * open, with its allowed range, its common range (what real servers choose) and the reference's default. The
 * reference draws its values from them (reference/freedoms.ts), the fairness matrix runs the suite against the
 * servers drawn (teeth/fairness.ts). Read with fs, as the requirement catalog (catalog/index.ts).
 */

export type FreedomValue = string | number;

export interface FreedomRange {
  values?: FreedomValue[];
  min?: number;
  max?: number;
  unit?: string;
  status?: string;
  code?: string;
  source?: string;
}

export interface Freedom {
  id: string;
  description: string;
  /** Absent: `spec` quotes the spec. 'target': it quotes TARGET.md (the sandbox control API). */
  basis?: 'target';
  spec: { section: string; quote: string };
  /** The catalog's open points (kind: open) this freedom answers. */
  open_points?: string[];
  allowed: FreedomRange;
  common: FreedomRange & { source: string };
  default: FreedomValue;
  /** The values the reference can be drawn at; absent or [default] alone: not drawn. */
  realized?: FreedomValue[];
  /** What the reference cannot realize yet, and why. */
  unrealized?: string;
}

export interface FreedomsFile {
  freedoms: Freedom[];
  /** Testable MUST rule -> the freedoms its check depends on. */
  depends: Record<string, string[]>;
}

export const FREEDOMS_FILE = fileURLToPath(new URL('./freedoms.json', import.meta.url));

export const FREEDOMS_DATA: FreedomsFile = JSON.parse(readFileSync(FREEDOMS_FILE, 'utf8'));
export const FREEDOMS: readonly Freedom[] = FREEDOMS_DATA.freedoms;

/** True when `value` (a string from outside, or a number) lies in `range`: one of its values, or within min..max. */
export function inRange(range: FreedomRange, value: FreedomValue): boolean {
  if (range.values) return range.values.some((v) => String(v) === String(value));
  if (range.min === undefined) return true; // a status or code range: any value the reference draws is one
  const n = Number(value);
  return Number.isFinite(n) && n >= range.min && (range.max === undefined || n <= range.max);
}

/** The freedoms the reference draws: those realized at more than their default. */
export const drawnFreedoms = (): Freedom[] => FREEDOMS.filter((f) => (f.realized?.length ?? 0) > 1);
