import { readFileSync } from 'node:fs';
import { loadSpecSource } from '../catalog/spec-source.js';

/**
 * Which suite judged a run: the package's version and the SHA-256 of the spec
 * text its catalog was built from (catalog/spec-source.json). `--version` prints
 * both, and every report carries them, so two reports can be compared knowing
 * whether they were judged against the same spec.
 */
export interface SuiteIdentity {
  name: string;
  version: string;
  /** Hex SHA-256 of the spec text; '' when the catalog has no record of it. */
  specSha256: string;
}

let cached: SuiteIdentity | undefined;
export function suiteIdentity(): SuiteIdentity {
  if (cached) return cached;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name?: string; version?: string };
  cached = { name: pkg.name ?? 'seller-connect-conformance', version: pkg.version ?? '0.0.0', specSha256: loadSpecSource().sha256 };
  return cached;
}

/** One line: `seller-connect-conformance 0.1.0 (spec sha256 0661…)`. */
export function suiteIdentityLine(id: SuiteIdentity = suiteIdentity()): string {
  return `${id.name} ${id.version} (spec sha256 ${id.specSha256 || 'unknown'})`;
}
