/**
 * The Allure 3 report: labels the results allure-playwright wrote, masks them
 * once more, then builds the single-file Awesome report at reports/allure/index.html.
 *
 * Each check appears once (issue "exact blame"): epic = the API group, feature =
 * the resource and story = the requirement of its first title ID; every rule of
 * the title is a `requirement` label and a link, never a story of its own, so
 * Allure's counts add up to the number of checks. Its status is the conformance
 * report's word on the check, never judged again here: failed only for a MUST
 * failure (the failing rules as `failing-rule` labels), broken for a check that
 * could not judge, skipped for a check that judged none of its rules (each as a
 * `not-exercised` / `not-applicable` label with its code, the message coded),
 * else passed (a SHOULD finding stays a `finding` label). One more result, the
 * gate (`conformance-gate-result.json`), carries the gate's state and the headline.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { maskDeep, maskText } from './masking.js';
import { childEnv } from '../settings/run-context.js';
import { idPrefix, idTopic, parseTitleIds } from '../catalog/ids.js';
import { groupInfo, type Requirement } from '../catalog/index.js';
import type { CheckResult } from '../results/check-result.js';
import { type CheckOutcome, checkOutcomes } from './check-outcome.js';
import type { ConformanceReport } from './report-types.js';

/** What the labels need of a requirement: a catalog entry, or a report's result of one. */
type Labelled = Pick<Requirement, 'id' | 'section' | 'level'> & { group: string };
const SEVERITY: Record<string, string> = { MUST: 'critical', SHOULD: 'normal', MAY: 'minor' };

interface Label {
  name: string;
  value: string;
}

/** The epic, feature, story (and severity) labels of a check whose first title ID is `id`. */
export function labelsFor(id: string, req: Labelled | undefined): Label[] {
  const epic = (req?.group && groupInfo(req.group)?.title) || groupInfo(idPrefix(id))?.title || req?.group || idPrefix(id);
  const parts = (req?.section ?? '').split(/\s*(?:\/|›|>|»|—|·|:)\s*/).filter(Boolean);
  const feature = parts[1] ?? idTopic(id);
  const out: Label[] = [
    { name: 'epic', value: epic },
    { name: 'feature', value: feature },
    { name: 'story', value: id },
  ];
  if (req?.level) out.push({ name: 'severity', value: SEVERITY[req.level] ?? 'normal' });
  return out;
}

/** The conformance report's word on one check, as Allure shows it (reporting/check-outcome.ts). */
export type AllureOutcome = Pick<CheckOutcome, 'status' | 'failing' | 'findings'> & Partial<Pick<CheckOutcome, 'unjudged' | 'parts'>>;

/** Per check title (an Allure result's name), the outcome the conformance report gives it: the same failing rules as the gate. */
export function allureOutcomes(report: Pick<ConformanceReport, 'requirements' | 'problems' | 'gate'>, checks: readonly CheckResult[] = []): Map<string, AllureOutcome> {
  const byTitle = new Map<string, AllureOutcome>();
  const titles = new Map<string, string>();
  for (const r of report.requirements) for (const c of r.checks) titles.set(c.id, c.title);
  for (const c of checks) titles.set(c.id, c.title);
  for (const [id, o] of checkOutcomes(report, checks)) {
    const title = titles.get(id);
    if (title !== undefined) byTitle.set(title, o);
  }
  return byTitle;
}

/**
 * The gate as one Allure result: its state (failed when FAILED, broken when BROKEN or INCOMPLETE, passed when
 * PASSED) and the headline, so Allure's first screen cannot read green when the run proved nothing.
 */
export function writeGateResult(dir: string, report: ConformanceReport): void {
  const g = report.gate;
  const status = { PASSED: 'passed', FAILED: 'failed', BROKEN: 'broken', INCOMPLETE: 'broken' }[g.state];
  const now = Date.parse(report.run.generatedAt) || Date.now();
  const result = {
    uuid: 'conformance-gate',
    historyId: 'conformance-gate',
    testCaseId: 'conformance-gate',
    name: `Gate: ${g.state} (exit ${g.exitCode}) — MUST rules of the server: ${report.summary.headline.text}`,
    fullName: 'conformance gate',
    status,
    statusDetails: { message: [report.summary.headline.text, ...g.reasons].join('\n') },
    stage: 'finished',
    start: now,
    stop: now,
    labels: [
      { name: 'epic', value: 'Conformance gate' },
      { name: 'feature', value: 'gate' },
      { name: 'story', value: g.state },
      { name: 'severity', value: 'blocker' },
    ],
    links: [],
    parameters: [],
    attachments: [],
    steps: [],
  };
  writeFileSync(join(dir, 'conformance-gate-result.json'), JSON.stringify(maskDeep(result)));
}

const TEXT_ATTACHMENT = /\.(json|txt|md|html?|csv|xml|log|ya?ml|curl|sh)$/i;

function maskJsonFile(path: string): unknown {
  const text = readFileSync(path, 'utf8');
  try {
    return maskDeep(JSON.parse(text));
  } catch {
    writeFileSync(path, maskText(text));
    return undefined;
  }
}

interface AllureResult {
  name?: string;
  status?: string;
  statusDetails?: { message?: string; trace?: string };
  labels?: Label[];
  links?: { name?: string; url?: string; type?: string }[];
}

const OURS = new Set(['epic', 'feature', 'story', 'severity', 'requirement', 'failing-rule', 'finding', 'not-exercised', 'not-applicable', 'part']);

/**
 * Labels every *-result.json under `dir` (one epic, feature and story per check; the
 * rules as labels and links), sets its status from `outcomes` when given, and masks
 * results and text attachments. Returns how many results were labelled.
 */
export function labelAllureResults(dir: string, requirements: readonly Labelled[], outcomes?: Map<string, AllureOutcome>): number {
  if (!existsSync(dir)) return 0;
  const byId = new Map(requirements.map((r) => [r.id, r]));
  let labelled = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name.endsWith('-result.json')) {
      const result = maskJsonFile(path) as AllureResult | undefined;
      if (!result || typeof result !== 'object') continue;
      const ids = parseTitleIds(result.name ?? '').ids;
      // Idempotent: a second pass (conformance:merge after a run) replaces, never duplicates.
      const kept = (result.labels ?? []).filter((l) => !OURS.has(l.name));
      const added = ids.length ? [...labelsFor(ids[0], byId.get(ids[0])), ...ids.map((id) => ({ name: 'requirement', value: id }))] : [];
      const outcome = outcomes?.get(result.name ?? '');
      if (outcome) {
        added.push(...outcome.failing.map((id) => ({ name: 'failing-rule', value: id })), ...outcome.findings.map((id) => ({ name: 'finding', value: id })));
        added.push(...(outcome.unjudged ?? []).map((u) => ({ name: u.includes('not applicable') ? 'not-applicable' : 'not-exercised', value: u })));
        added.push(...(outcome.parts ?? []).map((p) => ({ name: 'part', value: p })));
        if (outcome.status === 'skipped' && outcome.unjudged?.length) result.statusDetails = { ...result.statusDetails, message: outcome.unjudged.join('\n') };
        if (outcome.failing.length) {
          const message = `MUST failed: ${outcome.failing.join(', ')}`;
          result.statusDetails = { ...result.statusDetails, message: result.statusDetails?.message?.startsWith(message) ? result.statusDetails.message : `${message}\n${result.statusDetails?.message ?? ''}` };
        }
        result.status = outcome.status;
      }
      result.labels = [...kept, ...added];
      result.links = [...(result.links ?? []).filter((l) => l.type !== 'requirement'), ...ids.map((id) => ({ name: id, url: `#${id}`, type: 'requirement' }))];
      if (ids.length) labelled++;
      writeFileSync(path, JSON.stringify(result));
    } else if (name.endsWith('.json')) {
      const masked = maskJsonFile(path);
      if (masked !== undefined) writeFileSync(path, JSON.stringify(masked));
    } else if (TEXT_ATTACHMENT.test(name)) {
      writeFileSync(path, maskText(readFileSync(path, 'utf8')));
    }
  }
  return labelled;
}

// The Awesome template always adds a Google Analytics tag; a conformance report must open offline and call no one.
const ANALYTICS = /<script async src="https:\/\/www\.googletagmanager\.com[^"]*"><\/script>\s*<script>[\s\S]*?gtag\([\s\S]*?<\/script>/;

/**
 * Builds reports/allure/index.html (Awesome: every check) and
 * reports/allure/dashboard.html (the dashboard plugin's charts), one file each,
 * analytics tag removed. With `historyDir` (SC_HISTORY) given, Allure's own history
 * (allure-history.jsonl in that folder, the last 30 runs) is read and appended
 * so that the trends of both span nightly runs. Returns an error message, or
 * undefined on success.
 */
export function generateAllure(resultsDir: string, outDir: string, name = 'Seller Connect conformance', historyDir?: string): string | undefined {
  if (!existsSync(resultsDir) || !readdirSync(resultsDir).some((f) => f.endsWith('-result.json'))) return `no Allure results in ${resultsDir}`;
  let cli: string;
  try {
    // cli.js is not exported; it sits beside dist/ in the package.
    cli = join(dirname(createRequire(import.meta.url).resolve('allure')), '..', 'cli.js');
    if (!existsSync(cli)) throw new Error('no cli.js');
  } catch {
    return 'the allure package is not installed';
  }
  const cfgDir = mkdtempSync(join(tmpdir(), 'sc-allure-'));
  const cfg = join(cfgDir, 'allurerc.json');
  let history: Record<string, unknown> = {};
  if (historyDir) {
    mkdirSync(historyDir, { recursive: true });
    history = { historyPath: join(historyDir, 'allure-history.jsonl'), appendHistory: true, historyLimit: 30 };
  }
  const common = { singleFile: true, reportName: name, reportLanguage: 'en' };
  writeFileSync(cfg, JSON.stringify({ name, ...history, plugins: { awesome: { options: { ...common, groupBy: ['epic', 'feature', 'story'] } }, dashboard: { options: common } } }));
  // Two plugins: Allure writes each to a folder of its own (and a summary page): built aside, then each file put in place.
  const built = join(cfgDir, 'out');
  rmSync(outDir, { recursive: true, force: true });
  const res = spawnSync(process.execPath, [cli, 'generate', resultsDir, '--config', cfg, '--output', built], {
    encoding: 'utf8',
    env: childEnv({ ALLURE_NO_ANALYTICS: 'true' }),
    timeout: 300_000,
  });
  try {
    const awesome = join(built, 'awesome', 'index.html');
    if (res.status !== 0 || !existsSync(awesome)) return `allure generate failed (${res.status ?? res.signal}): ${maskText(`${res.stderr ?? ''}${res.stdout ?? ''}`).slice(-400)}`;
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'index.html'), readFileSync(awesome, 'utf8').replace(ANALYTICS, ''));
    const dashboard = join(built, 'dashboard', 'index.html');
    if (existsSync(dashboard)) writeFileSync(join(outDir, 'dashboard.html'), readFileSync(dashboard, 'utf8').replace(ANALYTICS, ''));
    return undefined;
  } finally {
    rmSync(cfgDir, { recursive: true, force: true });
  }
}
