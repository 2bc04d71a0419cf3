/** Where things are, from the project root (this file lives in teeth/). */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The conformance run's config (testDir specs/, the reference as webServer). */
export const CONFORMANCE_CONFIG = 'playwright.config.ts';
/** The project's own tests' config. */
export const OWN_TESTS_CONFIG = 'tests/playwright.config.ts';
/** Playwright's CLI, run with this Node: no npx lookup, no shell, one process fewer per run. */
export const PLAYWRIGHT_CLI = createRequire(import.meta.url).resolve('@playwright/test/cli');
