/**
 * SC_REQUIRE: the capabilities a run declares it must reach (issue "A PASS is
 * proof"). Without them a dropped setting (SC_CONTROL_URL gone from a CI job)
 * would silently make a dozen MUST rules *not applicable*; with them, a rule
 * not applicable for the cause of a required capability makes the run
 * INCOMPLETE (exit 3).
 *
 *   SC_REQUIRE=control-api,direct-sessions   those two (names: CAPABILITIES of outcomes.ts)
 *   SC_REQUIRE=lifetimes,rate-limit          the expiry and rate-limit rules judged: their values declared
 *   SC_REQUIRE=all                           every capability
 *   SC_REQUIRE=  (set, empty) or none        no capability
 *   unset                                    all against the embedded reference (SC_BASE_URL unset), none for a remote target
 *
 * The embedded reference declares every value those capabilities need, but those its run leaves undeclared as a
 * team's default run would (REFERENCE_UNDECLARED, reference/undeclared.ts; its variant token-leeway-60's leeway
 * by default): a capability whose declaring setting is among them is not required by default.
 *
 * Read twice, the same way: by fixtures/settings.ts (a bad value stops the run
 * before any check, exit 2) and by the gate (reporting/write-reports.ts).
 */
import { CAPABILITIES, type Capability, type NotApplicableCause } from './outcomes.js';

export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

export interface Required {
  capabilities: Capability[];
  /** The not-applicable causes the required capabilities rule out. */
  causes: NotApplicableCause[];
  /** Where the list came from: shown by the gate. */
  source: 'SC_REQUIRE' | 'default (embedded reference)' | 'default (remote target)';
}

/** The required capabilities, or the one-line problem of a bad SC_REQUIRE (`SC_REQUIRE: expected …; got '…'`). */
/** The settings that declare what each capability needs: one of them left undeclared, the embedded run does not require it by default. */
const DECLARED_BY: Partial<Record<Capability, readonly string[]>> = {
  lifetimes: ['SC_CODE_LIFETIME_S', 'SC_ACCESS_TOKEN_LIFETIME_S', 'SC_REFRESH_TOKEN_LIFETIME_S', 'SC_TOKEN_LEEWAY_S'],
  'rate-limit': ['SC_DECLARED_RATE_LIMIT'],
};

/**
 * `undeclared`: the settings the embedded run leaves unset though its reference has their values (settings/declared.ts
 * undeclaredOf); read only for the embedded default.
 */
export function readRequired(env: Record<string, string | undefined>, undeclared: readonly string[] = []): Required | { error: string; expected: string; got: string } {
  const raw = env.SC_REQUIRE;
  const of = (capabilities: Capability[], source: Required['source']): Required => ({ capabilities, causes: capabilities.flatMap((c) => CAPABILITIES[c]), source });
  if (raw === undefined) {
    if (env.SC_BASE_URL?.trim()) return of([], 'default (remote target)');
    const reachable = CAPABILITY_NAMES.filter((c) => !DECLARED_BY[c]?.some((name) => undeclared.includes(name)));
    return of(reachable, 'default (embedded reference)');
  }
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0 || (names.length === 1 && names[0] === 'none')) return of([], 'SC_REQUIRE');
  if (names.length === 1 && names[0] === 'all') return of(CAPABILITY_NAMES, 'SC_REQUIRE');
  const bad = names.find((n) => !Object.hasOwn(CAPABILITIES, n));
  if (bad !== undefined) {
    const got = bad.length > 40 ? `${bad.slice(0, 40)}…` : bad;
    const expected = `expected capabilities among ${CAPABILITY_NAMES.join(', ')} (comma-separated), or all, or none`;
    return { error: `SC_REQUIRE: ${expected}; got '${got}'`, expected, got };
  }
  return of([...new Set(names as Capability[])], 'SC_REQUIRE');
}
