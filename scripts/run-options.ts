/**
 * The options of a conformance run, as `--help` shows them: of the package's
 * command (scripts/cli.ts) and of `npm run conformance` (scripts/conformance.ts).
 */
export const RUN_OPTIONS = `  --grep <regexp>       only the checks whose titles match (groups: @auth @items @webhooks @transactions)
  --rule <ID>[,<ID>]    exactly the checks whose titles name these requirement IDs
  --reporter <name>     Playwright's console reporter instead of the progress display: list (a line
                        per check), line, dot; the reports stay
  --list                list the checks, write nothing, exit 0
  --write-baseline <f>  write this run's known failures as a baseline file (SC_BASELINE)
  --report-only         rebuild the reports from ./reports/playwright.json, run nothing
  --shard <i>/<n>       Playwright's sharding; any other Playwright option passes through`;
