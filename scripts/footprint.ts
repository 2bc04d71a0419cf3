/**
 * Prints the run's footprint on the accounts (lib/footprint.ts): items and
 * webhooks the checks created, from a Playwright JSON report.
 *
 *   npx tsx scripts/footprint.ts [reports/playwright.json]   # default: $SC_REPORTS/playwright.json
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeFootprint, footprint } from '../lib/footprint.js';

const path = process.argv[2] ?? join(process.env.SC_REPORTS ?? 'reports', 'playwright.json');
console.log(describeFootprint(footprint(JSON.parse(readFileSync(path, 'utf8')))));
