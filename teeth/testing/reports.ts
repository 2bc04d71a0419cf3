/** Hand-made Playwright JSON reports and run outcomes, for the verdicts' own tests. */
import { EVIDENCE_ATTACHMENT, FINDING_ANNOTATION, LEDGER_ATTACHMENT, NOT_EXERCISED_ANNOTATION, notExercisedNote } from '../../results/records.js';
import type { PlaywrightReport, ResultStatus } from '../job-checks.js';
import type { RunOutcome } from '../run-playwright.js';

export interface FakeCheck {
  title: string;
  status: ResultStatus;
  /** Title of an enclosing describe, if any. */
  describe?: string;
  skipReason?: string;
  error?: string;
  file?: string;
  /** The rules its `evidence` attachment names (what a failure is charged to). */
  evidenceFor?: string[];
  /** The rules its `finding` annotations name (recordFinding: observations, not failures). */
  findingFor?: string[];
  /** Its `verdicts` attachment (judging/verdict-ledger.ts): per rule, the assertions that passed and failed. */
  ledger?: { passed: Record<string, number>; failed: Record<string, number> };
  /** Per-rule `not-exercised` annotations: rule → the outcome text (results/outcomes.ts). */
  notExercised?: Record<string, string>;
}

export function fakeReport(checks: FakeCheck[], errors: string[] = []): PlaywrightReport {
  const spec = (c: FakeCheck) => ({
    title: c.title,
    file: c.file ?? 'group/fake.spec.ts',
    tags: [],
    tests: [
      {
        annotations: [
          ...(c.skipReason === undefined ? [] : [{ type: 'skip', description: c.skipReason }]),
          ...(c.findingFor ?? []).map((requirement) => ({ type: FINDING_ANNOTATION, description: JSON.stringify({ requirement, message: 'observed' }) })),
          ...Object.entries(c.notExercised ?? {}).map(([id, text]) => ({ type: NOT_EXERCISED_ANNOTATION, description: notExercisedNote(id, text) })),
        ],
        results: [
          {
            status: c.status,
            error: c.error ? { message: `\u001b[31m${c.error}\u001b[39m` } : undefined,
            attachments: [
              ...(c.evidenceFor ? [{ name: EVIDENCE_ATTACHMENT, contentType: 'application/json', body: Buffer.from(JSON.stringify({ requirements: c.evidenceFor, title: 'x' })).toString('base64') }] : []),
              ...(c.ledger ? [{ name: LEDGER_ATTACHMENT, contentType: 'application/json', body: Buffer.from(JSON.stringify(c.ledger)).toString('base64') }] : []),
            ],
          },
        ],
      },
    ],
  });
  const files = [...new Set(checks.map((c) => c.file ?? 'group/fake.spec.ts'))];
  return {
    suites: files.map((file) => {
      const inFile = checks.filter((c) => (c.file ?? 'group/fake.spec.ts') === file);
      const describes = [...new Set(inFile.filter((c) => c.describe).map((c) => c.describe as string))];
      return {
        title: file,
        file,
        specs: inFile.filter((c) => !c.describe).map(spec),
        suites: describes.map((d) => ({ title: d, file, specs: inFile.filter((c) => c.describe === d).map(spec) })),
      };
    }),
    errors: errors.map((message) => ({ message })),
  };
}

export function fakeOutcome(report: PlaywrightReport | undefined, over: Partial<RunOutcome> = {}): RunOutcome {
  return {
    name: 'fake',
    exitCode: 0,
    timedOut: false,
    aborted: false,
    seconds: 1,
    report,
    reportError: report ? undefined : 'no report at /nowhere/playwright.json',
    logPath: '/nowhere/run.log',
    logTail: '',
    ...over,
  };
}
