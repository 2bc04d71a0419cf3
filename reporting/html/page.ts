/**
 * reports/conformance.html: one self-contained page (inline CSS and script, no
 * external asset). What a reader needs first comes first: the gate verdict, then
 * what to fix (the MUST failures, the rules with SHOULD findings: ./fix-first.ts),
 * the headline and what kept rules unjudged, then the figures, the charts and the
 * timings; the catalog follows, grouped by spec section, failures first.
 */
import { CSS, SCRIPT } from './assets.js';
import { chartsDetail, chartsOverview } from './charts.js';
import { fixFirst } from './fix-first.js';
import { findingsText } from '../fix-list.js';
import { loadSpecTables, type SpecTable } from './quote.js';
import { anchor, requirementEntry } from './requirement.js';
import { esc, formatDuration } from './text.js';
import type { RunPoint } from '../history.js';
import { maskValues } from '../masking.js';
import { apartText, codesText } from '../headline.js';
import { isServerMust, isServerTestable } from '../scope.js';
import { loadTeethScores, teethScoresText } from '../teeth-scores.js';
import { gateState } from '../gate.js';
import type { ConformanceReport, GateState, RequirementResult } from '../report-types.js';


const STATE_CLASS: Record<GateState, string> = { PASSED: 'pass', FAILED: 'fail', BROKEN: 'broken', INCOMPLETE: 'incomplete' };

// Within a section: MUST failures, SHOULD findings, suite gaps, then the rest; catalog order inside each rank.
const RANK: Record<string, number> = { failed: 0, finding: 1, 'not-exercised': 2, 'no-check': 3, 'not-applicable': 4, 'not-testable': 5, 'suite-side': 6, passed: 7, open: 8, description: 9 };
const rank = (r: RequirementResult) => RANK[r.verdict] ?? 9;

function link(r: RequirementResult): string {
  return `<a href="#${esc(anchor(r.id))}">${esc(r.id)}</a>`;
}

/** The headline, first on the page: how many of the server's testable MUST rules were judged, and why not the rest. */
function headlineBox(rep: ConformanceReport): string {
  const h = rep.summary.headline;
  const whole = h.judged === h.testable && h.failed === 0;
  return `<div class="headline ${whole ? 'whole' : 'partial'}" id="headline"><div class="big">Judged <b>${h.judged}</b> of <b>${h.testable}</b> testable MUST rules of the server</div><div>${esc(h.text)}</div><div class="apart">${esc(apartText(h))}</div></div>`;
}

function figures(rep: ConformanceReport): string {
  const s = rep.summary;
  const h = s.headline;
  const fig = (k: string, v: string, small = false) => `<div class="figure"><div class="k">${esc(k)}</div><div class="v${small ? ' small' : ''}">${v}</div></div>`;
  const codes = (total: number, counts: Record<string, number | undefined>) => `${total}${total ? `<div class="k">${esc(codesText(counts))}</div>` : ''}`;
  return `<div class="figures">${[
    fig('MUST judged', `${h.judged} of ${h.testable}<div class="k">${h.passed} passed · ${h.failed} failed</div>`),
    fig('MUST not exercised', codes(h.notExercised.total, h.notExercised.byReason)),
    fig('MUST not applicable', codes(h.notApplicable.total, h.notApplicable.byCause)),
    fig('SHOULD findings', `${s.shouldFindings}<div class="k">${esc(findingsText(rep).replace(/^\d+ SHOULD findings? /, ''))}</div>`),
    fig('Catalog judged', `${s.exercised} of ${s.requirements}<div class="k">requirements of every level and side</div>`),
    fig('Target', esc(rep.run.target), true),
    fig('Started', esc(rep.run.startTime ? rep.run.startTime.replace('T', ' ').replace(/\.\d+Z$/, ' UTC') : '—'), true),
    fig('Duration', esc(formatDuration(rep.run.durationMs)), true),
  ].join('')}</div>`;
}

function list(items: string[]): string {
  return `<ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>`;
}

function topBoxes(rep: ConformanceReport): string {
  const out: string[] = [];
  if (rep.run.errors.length) out.push(`<div class="box red"><h2>The run is broken</h2>${list(rep.run.errors.map((e) => `<pre>${esc(e)}</pre>`))}</div>`);
  // A broken run's unjudged rules are the run's doing (its errors are above): not listed.
  const unjudged = rep.run.errors.length ? [] : rep.requirements.filter((r) => isServerMust(r) && r.verdict === 'not-exercised');
  if (unjudged.length) {
    const accepted = new Set(rep.gate.baseline?.accepted ?? []);
    const line = (r: RequirementResult) => `${link(r)} <span class="chip">${esc(r.reasonCode)}</span>${accepted.has(r.id) ? ' <span class="chip baseline">accepted by the baseline</span>' : ''} ${esc(r.statement)} — <i>${esc(r.reason)}</i>`;
    out.push(`<div class="box amber" id="not-exercised"><h2>MUST rules not exercised (${unjudged.length}: ${esc(codesText(rep.summary.headline.notExercised.byReason))})</h2><p>The target's answers kept the suite from judging them: a run with any of them outside the baseline is INCOMPLETE, never PASSED.</p>${list(unjudged.map(line))}</div>`);
  }
  const unreached = rep.requirements.filter((r) => isServerTestable(r) && r.verdict === 'not-applicable' && r.reasonCode !== 'selection');
  if (unreached.length) {
    const missing = rep.gate.required.missing;
    const note = missing.length ? ` — the run must reach ${esc(missing.join(', '))} (${esc(rep.gate.required.source)}): INCOMPLETE` : '';
    out.push(`<details class="box grey"${missing.length ? ' open' : ''}><summary><b>Rules the configuration cannot reach (${unreached.length})${note}</b></summary>${list(unreached.map((r) => `${link(r)} <span class="chip">${esc(r.reasonCode)}</span> ${esc(r.reason)}`))}</details>`);
  }
  const b = rep.gate.baseline;
  if (b && (b.suppressed.length || b.fixed.length || b.accepted?.length || b.stale?.length)) {
    const fixed = new Set(b.fixed);
    const items = [
      ...b.suppressed.map((id) => `<a href="#${esc(anchor(id))}">${esc(id)}</a> still fails (known gap, not blocking)`),
      ...b.fixed.map((id) => `<a href="#${esc(anchor(id))}">${esc(id)}</a> now passes — <b>fixed: remove from the baseline</b> (a stale entry: INCOMPLETE until then)`),
      ...(b.accepted ?? []).map((id) => `<a href="#${esc(anchor(id))}">${esc(id)}</a> not exercised, accepted with its reason`),
      ...(b.stale ?? []).filter((id) => !fixed.has(id)).map((id) => `<a href="#${esc(anchor(id))}">${esc(id)}</a> — <b>stale: the run contradicts this entry; update the baseline</b>`),
    ];
    out.push(`<div class="box ${b.stale?.length ? 'amber' : 'grey'}"><h2>Baseline ${esc(b.file)}</h2>${list(items)}</div>`);
  }
  if (rep.diff) {
    const d = rep.diff;
    const ids = (xs: string[]) => (xs.length ? xs.map((id) => `<a href="#${esc(anchor(id))}">${esc(id)}</a>`).join(', ') : 'none');
    out.push(
      `<div class="box blue"><h2>Since the previous run (${esc(d.previousFile)}${d.previousTime ? `, ${esc(d.previousTime)}` : ''})</h2><ul><li>newly failing: ${ids(d.newlyFailing)}</li><li>newly passing: ${ids(d.newlyPassing)}</li>${
        d.noLongerExercised.length ? `<li>no longer exercised: ${ids(d.noLongerExercised)}</li>` : ''
      }</ul></div>`,
    );
  }
  if (rep.run.filtered) out.push(`<div class="box grey">This run selected only some checks (<code>${esc(rep.run.filtered)}</code>): requirements outside the selection show as “not applicable [selection]”.</div>`);
  const gaps = rep.requirements.filter((r) => r.verdict === 'no-check' && !r.onSkipList);
  if (gaps.length) {
    // A long list (a filtered run) would push the catalog off the first screen: folded then.
    const open = !rep.run.filtered && gaps.length <= 30 ? ' open' : '';
    const title = rep.run.filtered ? 'Requirements without a check in this selection' : 'Testable requirements without a check (a gap in the suite)';
    out.push(`<details class="box amber"${open}><summary><b>${title} (${gaps.length})</b></summary><div>${gaps.map(link).join(', ')}</div></details>`);
  }
  out.push(...noDuty(rep));
  if (rep.problems.length) out.push(`<div class="box amber"><h2>Problems in the run (${rep.problems.length})</h2>${list(rep.problems.map((p) => `<b>${esc(p.kind)}</b>: ${esc(p.message)}${p.checkTitle ? ` — <i>${esc(p.checkTitle)}</i>` : ''}`))}</div>`);
  return out.join('\n');
}

/**
 * The catalog's entries that are no duty, folded: the spec's open points, each with its "not shown" sentence, and its
 * descriptions. A reader sees what the spec leaves open without taking it for a rule the suite could not judge.
 */
function noDuty(rep: ConformanceReport): string[] {
  const box = (verdict: 'open' | 'description', title: string) => {
    const entries = rep.requirements.filter((r) => r.verdict === verdict);
    if (!entries.length) return [];
    return [`<details class="box grey"><summary><b>${title} (${entries.length})</b></summary>${list(entries.map((r) => `${link(r)} “${esc(r.quote)}” — ${esc(r.reason ?? '')}`))}</details>`];
  };
  return [
    ...box('open', 'The spec’s open points: what it leaves “not shown” (no duty, in no MUST figure)'),
    ...box('description', 'Descriptions in the spec: sentences that ask nothing a server can do or fail to do'),
  ];
}

function sections(rep: ConformanceReport, tables: SpecTable[]): string {
  const order: string[] = [];
  const bySection = new Map<string, RequirementResult[]>();
  for (const r of rep.requirements) {
    if (!bySection.has(r.section)) {
      order.push(r.section);
      bySection.set(r.section, []);
    }
    bySection.get(r.section)!.push(r);
  }
  return order
    .map((name) => {
      const reqs = [...bySection.get(name)!].sort((a, b) => rank(a) - rank(b));
      const count = (v: string) => reqs.filter((r) => r.verdict === v).length;
      const counts = `${count('passed')} passed · ${count('failed')} failed · ${count('not-exercised')} not exercised · ${reqs.length - count('passed') - count('failed') - count('not-exercised')} other`;
      return `<section class="spec-section"><h2>${esc(name)}<span class="counts">${counts}</span></h2>${reqs.map((r) => requirementEntry(r, tables)).join('\n')}</section>`;
    })
    .join('\n');
}

function filters(rep: ConformanceReport): string {
  const n = rep.summary.byVerdict;
  const b = (key: string, label: string, count?: number) => `<button data-filter="${key}"${key === 'all' ? ' class="on"' : ''}>${label}${count === undefined ? '' : ` (${count})`}</button>`;
  return `<nav class="filters">${[
    b('all', 'All', rep.requirements.length),
    b('failed', 'MUST failed', n.failed),
    b('finding', 'Rules with SHOULD findings', n.finding),
    b('no-check', 'No check', n['no-check']),
    b('not-exercised', 'Not exercised', n['not-exercised']),
    b('not-applicable', 'Not applicable', n['not-applicable']),
    b('not-testable', 'Not testable', n['not-testable']),
    b('suite-side', 'Suite side', n['suite-side']),
    b('passed', 'Passed', n.passed),
    b('open', 'Open points', n.open),
    b('description', 'Descriptions', n.description),
  ].join('')}<button id="expand" type="button">expand all</button><button id="collapse" type="button">collapse all</button><input id="search" type="search" placeholder="filter by ID or text"></nav>`;
}

export interface HtmlOptions {
  /** Earlier runs and this one, oldest first (reporting/history.ts): the trend chart. */
  trend?: RunPoint[];
  /** The spec's tables, to show quoted table rows as "column: value" text; default: read from the spec beside the repository. */
  specTables?: SpecTable[];
  /** The suite's recorded teeth (kill and mutation scores) for the footer; default: teeth/scores.json. */
  teethScores?: string;
}

export function renderHtml(rep: ConformanceReport, opts: HtmlOptions = {}): string {
  const g = rep.gate;
  const state = gateState(g);
  const teeth = opts.teethScores ?? teethScoresText(loadTeethScores());
  const reasons = g.reasons.length ? `<ul class="gate-reasons">${g.reasons.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${state} — Seller Connect conformance</title>
<style>${CSS}</style></head>
<body>
<header class="gate ${STATE_CLASS[state]}"><h1>Seller Connect conformance</h1><div class="gate-verdict">Gate: ${state}${g.strict ? ' (strict)' : ''}</div><div class="gate-exit">exit ${g.exitCode}</div>${reasons}</header>
<div class="wrap">
${fixFirst(rep)}
${headlineBox(rep)}
${topBoxes(rep)}
${figures(rep)}
${chartsOverview(rep, opts.trend)}
${chartsDetail(rep)}
${filters(rep)}
<main>${sections(rep, opts.specTables ?? loadSpecTables())}</main>
</div>
<footer>Generated ${esc(rep.run.generatedAt)} · Playwright ${esc(rep.run.playwrightVersion ?? '?')} · suite ${esc(rep.run.suiteVersion ?? '?')} · spec sha256 <code>${esc(rep.run.specSha256 ?? 'unknown')}</code> · ${rep.summary.checks.total} checks (${rep.summary.checks.passed} passed, ${rep.summary.checks.failed} failed, ${rep.summary.checks.skipped} skipped${rep.summary.checks.flaky ? `, ${rep.summary.checks.flaky} flaky` : ''}). Verdicts: a requirement passes only when an assertion naming it ran and none failed; a failure is charged to exactly the rules its assertion names. Machine-readable: conformance.json.${teeth ? ` ${esc(teeth)}` : ''}</footer>
<script>${SCRIPT}</script>
</body></html>
`;
  // Every string was masked on the way in (structurally and by value); this last by-value pass is a safety net.
  return maskValues(html);
}
