/**
 * Catalog coverage (docs/TEETH.md): which testable requirements have a check.
 *
 *   npm run coverage            # prints coverage by group and the gaps
 *   npm run coverage -- --json  # the same as JSON on stdout
 *
 * Exit 1 when a testable requirement has neither a check nor a skip-list entry,
 * when a title cites an ID the catalog lacks, when the skip list is wrong, or when
 * a spec file does not load.
 */
import { formatCoverage } from '../teeth/catalog-coverage.js';
import { measureCoverage } from '../teeth/coverage-run.js';
import { exitOnHelp } from '../lib/cli-help.js';

exitOnHelp(`
usage: npm run coverage [-- --json]

Catalog coverage: which testable requirements have a check, by group, and the gaps.
Exit 1 on a gap, an unknown ID in a title, a wrong skip list or a spec that does not load.
`);

const { coverage, listingErrors } = await measureCoverage();
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ ...coverage, listingErrors }, null, 2));
} else {
  console.log(formatCoverage(coverage));
  for (const e of listingErrors) console.log(`listing error: ${e}`);
}
process.exit(coverage.ok && listingErrors.length === 0 ? 0 : 1);
