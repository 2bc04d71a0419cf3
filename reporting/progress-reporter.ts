/**
 * The run's console display while the checks run (the default console reporter of
 * playwright.config.ts; `--reporter list` brings back Playwright's line per check):
 *
 *   on a terminal  one line redrawn in place: a bar, checks done of all, time spent and left;
 *   in a CI log    one line every few seconds (PROGRESS_EVERY_MS), never a line per check.
 *
 * At the end, one line counts the checks by what they gave, every kind named:
 * a check Playwright calls "skipped" is said as what it was (not applicable, not
 * exercised, stopped at a SHOULD finding), so no "skipped" goes unexplained. The
 * summary after it (reporting/console.ts) names the rules.
 */
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { parseOutcome } from '../results/outcomes.js';
import { environment } from '../settings/run-context.js';
import { FINDING_ANNOTATION } from '../results/records.js';

/** How often a CI log gets a progress line. */
export const PROGRESS_EVERY_MS = 5_000;
const REDRAW_EVERY_MS = 200;
const BAR_WIDTH = 24;

/** What one check gave, as the end line counts it. */
export type CheckKind = 'passed' | 'failed' | 'finding' | 'not applicable' | 'not exercised';

/** The kind of one finished check, from its status, its skip reason and its annotations. */
export function checkKind(status: TestResult['status'], annotations: readonly { type: string; description?: string }[]): CheckKind {
  if (status === 'failed' || status === 'timedOut' || status === 'interrupted') return 'failed';
  if (status === 'passed') return annotations.some((a) => a.type === FINDING_ANNOTATION) ? 'finding' : 'passed';
  const why = annotations.find((a) => a.type === 'skip')?.description;
  if (why && /stopped at a SHOULD finding/.test(why)) return 'finding';
  return parseOutcome(why)?.state === 'not-applicable' ? 'not applicable' : 'not exercised';
}

const WORDS: Record<CheckKind, string> = {
  passed: 'passed',
  failed: 'failed',
  finding: 'with a SHOULD finding',
  'not applicable': 'not applicable (the settings do not reach them)',
  'not exercised': "not exercised (the target's answers left them unjudged)",
};

/** "12 s", "3 min 05 s". */
export function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** One progress line: `[######……] 96/196 checks · 11 s · about 10 s left · 1 failed`. */
export function progressLine(done: number, total: number, elapsedMs: number, failed: number, bar: boolean): string {
  const share = total ? Math.min(1, done / total) : 0;
  const left = done ? (elapsedMs / done) * (total - done) : undefined;
  const drawn = bar ? `[${'#'.repeat(Math.round(share * BAR_WIDTH)).padEnd(BAR_WIDTH, '.')}] ` : '';
  const rest = left === undefined ? '' : ` · about ${clock(left)} left`;
  return `${drawn}${done}/${total} checks · ${clock(elapsedMs)}${rest}${failed ? ` · ${failed} failed` : ''}`;
}

/** The end line: every kind of check counted in words. */
export function endLine(counts: Map<CheckKind, number>, total: number, elapsedMs: number): string {
  const parts = (Object.keys(WORDS) as CheckKind[]).filter((k) => counts.get(k)).map((k) => `${counts.get(k)} ${WORDS[k]}`);
  return `${total} ${total === 1 ? 'check' : 'checks'} in ${clock(elapsedMs)}: ${parts.join(' · ') || 'none ran'}`;
}

export default class ProgressReporter implements Reporter {
  private total = 0;
  private done = 0;
  private started = Date.now();
  private lastDrawn = 0;
  private readonly counts = new Map<CheckKind, number>();
  private readonly tty = !!process.stdout.isTTY && !environment.ci();
  private timer?: NodeJS.Timeout;
  private drawn = false;

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.total = suite.allTests().length;
    this.started = Date.now();
    // The first line says what runs, as Playwright's own reporters do (and a supervising script can wait for it).
    this.write(`Running ${this.total} ${this.total === 1 ? 'check' : 'checks'} using ${config.workers} ${config.workers === 1 ? 'worker' : 'workers'}\n`);
    // A terminal's line is redrawn each second too, so the clock moves during a long check.
    this.timer = this.tty ? setInterval(() => this.redraw(), 1_000) : setInterval(() => this.write(`${this.line(false)}\n`), PROGRESS_EVERY_MS);
    this.timer.unref();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // A retried attempt is not the check's last word.
    if ((result.status === 'failed' || result.status === 'timedOut') && result.retry < test.retries) return;
    this.done++;
    const annotations = [...test.annotations, ...((result as { annotations?: TestCase['annotations'] }).annotations ?? [])];
    const kind = checkKind(result.status, annotations);
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    if (this.tty && Date.now() - this.lastDrawn >= REDRAW_EVERY_MS) this.redraw();
  }

  onStdOut(chunk: string | Buffer): void {
    this.passThrough(process.stdout, chunk);
  }

  onStdErr(chunk: string | Buffer): void {
    this.passThrough(process.stderr, chunk);
  }

  onError(error: TestError): void {
    this.passThrough(process.stderr, `${error.message ?? error.value ?? 'an error outside any check'}\n`);
  }

  onEnd(_result: FullResult): void {
    clearInterval(this.timer);
    this.clear();
    this.write(`${endLine(this.counts, this.done, Date.now() - this.started)}\n`);
  }

  private line(bar: boolean): string {
    return progressLine(this.done, this.total, Date.now() - this.started, this.counts.get('failed') ?? 0, bar);
  }

  private redraw(): void {
    this.lastDrawn = Date.now();
    this.write(`\r\x1b[2K${this.line(true)}`);
    this.drawn = true;
  }

  private clear(): void {
    if (this.drawn) this.write('\r\x1b[2K');
    this.drawn = false;
  }

  private passThrough(stream: NodeJS.WriteStream, chunk: string | Buffer): void {
    this.clear();
    stream.write(chunk);
    if (this.tty) this.redraw();
  }

  private write(text: string): void {
    process.stdout.write(text);
  }
}
