/**
 * The package's command, `seller-connect-conformance` (alias `scc`), started by
 * bin/seller-connect-conformance.mjs with tsx's loader registered. It runs from
 * any folder: reports go to ./reports of that folder (or SC_REPORTS), Playwright's
 * output to ./reports/test-results; nothing is written into the package.
 *
 *   scc [options]         the conformance run (scripts/conformance.ts), exit code = the gate
 *   scc reference         the embedded reference as a standalone sandbox (reference/main.ts)
 *   scc token --account A a fresh access token for account A, on stdout alone (scripts/token.ts)
 *   scc images            the suite's image host alone, for a reproduce line naming its images (scripts/images.ts)
 *   scc merge [<dir>…]    a sharded run's reports merged, the gate applied (scripts/merge-shards.ts)
 *   scc action            the GitHub Action's step (scripts/action-run.ts)
 *   scc --help | --version
 */
import { suiteIdentityLine } from '../lib/suite-identity.js';
import { RUN_OPTIONS } from './run-options.js';

const HELP = `Usage: seller-connect-conformance [command] [options]   (alias: scc)

Runs the Seller Connect conformance suite against the server the SC_ settings name
(SC_BASE_URL, SC_AUTH_URL, SC_CLIENT_ID, SC_CLIENT_SECRET, SC_ACCOUNTS, …; see
docs/TARGET.md in this package), or, with SC_BASE_URL unset, against the embedded
reference server. Reports go to ./reports of the folder it runs in (SC_REPORTS).

Commands:
  (none)                run the suite; the exit code is the gate:
                        0 PASSED · 1 FAILED · 2 BROKEN · 3 INCOMPLETE
  reference             start the embedded reference as a sandbox on 127.0.0.1:4010
                        (REFERENCE_PORT), print the export lines of its settings, its
                        PID and how to stop it; it stops with the command that started it
  token --account <user>  print a fresh access token for that account of SC_ACCOUNTS, through
                        the run's login, on stdout alone: the reports' curl lines use it
  images [--listen h:p] serve the suite's test images on that address, as a run did: a
                        reproduce line whose body names one says which address
  merge [<dir>…]        merge the blob reports of a sharded run (--shard i/n) and apply the gate
  action                the GitHub Action's step: a run, its exit code mapped for the job
                        (action.yml; its inputs arrive as SCC_INPUT_<NAME> for SC_<NAME>,
                        SCC_GREP, SCC_RULE, SCC_ARGS, SCC_BASELINE, …: docs/ACTION.md)

Options of a run:
${RUN_OPTIONS}
  -h, --help            this text
  -v, --version         the suite's version and the SHA-256 of the spec text its catalog was built from

Docs: README.md, docs/TARGET.md (settings), docs/REPORTS.md (reports and gate) in this package.`;

async function main(): Promise<void> {
  const [first] = process.argv.slice(2);
  // The subcommand's own arguments stay in process.argv for the script that reads them.
  const handOver = (script: string) => {
    process.argv.splice(2, 1);
    return import(script);
  };
  if (first === '-h' || first === '--help' || first === 'help') console.log(HELP);
  else if (first === '-v' || first === '--version') console.log(suiteIdentityLine());
  else if (first === 'reference') await handOver('../reference/main.js');
  else if (first === 'merge') await handOver('./merge-shards.js');
  else if (first === 'token') await handOver('./token.js');
  else if (first === 'images') await handOver('./images.js');
  else if (first === 'action') await handOver('./action-run.js');
  else await import('./conformance.js');
}

await main();
