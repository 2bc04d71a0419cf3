/** Lists the conformance checks and the project's own tests, and measures the catalog's coverage with them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUIREMENTS, SKIP_LIST } from '../catalog/index.js';
import { type CoverageResult, computeCoverage } from './catalog-coverage.js';
import { listChecks } from './list-checks.js';
import { CONFORMANCE_CONFIG, OWN_TESTS_CONFIG } from './paths.js';

export interface CoverageRun {
  coverage: CoverageResult;
  /** The listings' load errors: a spec that does not load hides the IDs it cites. */
  listingErrors: string[];
}

export async function measureCoverage(): Promise<CoverageRun> {
  const dir = mkdtempSync(join(tmpdir(), 'sc-coverage-'));
  try {
    const [specs, own] = await Promise.all([
      listChecks({ config: CONFORMANCE_CONFIG, dir: join(dir, 'specs') }),
      listChecks({ config: OWN_TESTS_CONFIG, dir: join(dir, 'tests') }),
    ]);
    const coverage = computeCoverage({
      requirements: REQUIREMENTS,
      skipList: SKIP_LIST,
      checks: specs.checks,
      ownTests: own.checks,
    });
    return { coverage, listingErrors: [...specs.errors, ...own.errors] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
