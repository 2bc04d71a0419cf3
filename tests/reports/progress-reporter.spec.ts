import { expect, test } from '@playwright/test';
import { checkKind, clock, endLine, progressLine } from '../../reporting/progress-reporter.js';

/**
 * The console display while a run goes (reporting/progress-reporter.ts): a bar on a terminal,
 * a line every few seconds in a CI log, and an end line that says what every check gave, in
 * words: no unexplained "skipped".
 */

test('a check Playwright calls skipped is said as what it was', () => {
  expect(checkKind('passed', [])).toBe('passed');
  expect(checkKind('passed', [{ type: 'finding', description: '{}' }])).toBe('finding');
  expect(checkKind('failed', [])).toBe('failed');
  expect(checkKind('timedOut', [])).toBe('failed');
  expect(checkKind('skipped', [{ type: 'skip', description: 'not exercised [stopped_at_failure]: stopped at a SHOULD finding of GEN-JSON-3: …' }])).toBe('finding');
  expect(checkKind('skipped', [{ type: 'skip', description: 'not applicable [no_control_api]: needs the control API' }])).toBe('not applicable');
  expect(checkKind('skipped', [{ type: 'skip', description: 'not exercised [rate_limited]: 429 after 4 retries' }])).toBe('not exercised');
});

test('the progress line: a bar on a terminal, the count, the time spent and left, the failures', () => {
  expect(progressLine(0, 196, 1_000, 0, true)).toBe('[........................] 0/196 checks · 1 s');
  expect(progressLine(98, 196, 10_000, 1, true)).toBe('[############............] 98/196 checks · 10 s · about 10 s left · 1 failed');
  expect(progressLine(98, 196, 10_000, 0, false)).toBe('98/196 checks · 10 s · about 10 s left');
  expect(clock(125_000)).toBe('2 min 05 s');
});

test('the end line counts every kind, in words, and never says "skipped"', () => {
  const counts = new Map([
    ['passed', 190],
    ['failed', 1],
    ['finding', 2],
    ['not applicable', 3],
  ] as const);
  const line = endLine(new Map(counts), 196, 21_400);
  expect(line).toBe("196 checks in 21 s: 190 passed · 1 failed · 2 with a SHOULD finding · 3 not applicable (the settings do not reach them)");
  expect(line).not.toContain('skipped');
  expect(endLine(new Map([['finding', 1]]), 1, 900)).toBe('1 check in 1 s: 1 with a SHOULD finding');
});
