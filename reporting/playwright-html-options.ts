/**
 * Options of Playwright's own HTML report (reports/html), shared by the run's
 * config and the test that opens the report as a downloaded artifact would be.
 *
 * `noCopyPrompt`: a failing test's page builds its "Copy prompt" button by
 * fetching the error-context file; opened from `file://` (a CI artifact
 * unzipped and double-clicked) Chromium refuses that fetch and the page throws
 * "Failed to fetch". The error itself is shown either way; the prompt is not
 * worth a broken page.
 */
export const PLAYWRIGHT_HTML_OPTIONS = { open: 'never', noCopyPrompt: true } as const;
