/**
 * Prints the run's footprint on the accounts (lib/footprint-count.ts): the items and
 * webhooks the checks created, in all and per check (the biggest creators
 * first), from a Playwright JSON report, and whether the total keeps the budget.
 *
 *   npx tsx scripts/footprint.ts [reports dir | playwright.json] [--top N] [--budget]
 *
 * Default: $SC_REPORTS/playwright.json (else reports/playwright.json). --top: how
 * many checks to list (default 10; 0 for all). --budget: exit 1 when the run
 * created more items than FOOTPRINT_BUDGET.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readCurrentSettings } from '../settings/settings.js';
import { describeFootprint, FOOTPRINT_BUDGET, footprint, footprintByCheck, footprintTable, overBudget } from '../lib/footprint-count.js';
import { exitOnHelp } from '../lib/cli-help.js';

exitOnHelp(`
usage: npx tsx scripts/footprint.ts [reports dir | playwright.json] [--top N] [--budget]

The run's footprint on the accounts: the items and webhooks its checks created, in all and
per check. --top: how many checks to list (default 10; 0 for all); --budget: exit 1 when the
run created more items than its budget.
`);

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 10;
const enforce = args.includes('--budget');
const given = args.find((a, i) => !a.startsWith('--') && (topAt < 0 || i !== topAt + 1));
const where = given ?? readCurrentSettings().settings.run.reports;
const path = statSync(where).isDirectory() ? join(where, 'playwright.json') : where;

const report = JSON.parse(readFileSync(path, 'utf8'));
const total = footprint(report);
const rows = footprintByCheck(report);
console.log(describeFootprint(total));
console.log(footprintTable(rows, top > 0 ? top : rows.length));
const over = overBudget(total);
console.log(over ?? `within the budget of ${FOOTPRINT_BUDGET.items} item(s)`);
if (enforce && over) process.exitCode = 1;
