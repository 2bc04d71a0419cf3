/**
 * reports/conformance.html: one self-contained page (inline CSS and script, no
 * external asset). What a reader needs first comes first: the gate verdict,
 * the figures, then a red list of failing requirements linking to their
 * entries; the catalog follows, grouped by spec section, failures first.
 */
import { CSS, SCRIPT } from './html-assets.js';
import { chartsDetail, chartsOverview } from './html-charts.js';
import { loadSpecTables, type SpecTable } from './html-quote.js';
import { anchor, esc, formatDuration, requirementEntry } from './html-requirement.js';
import type { RunPoint } from './history.js';
import { maskValues } from './masking.js';
import type { ConformanceReport, RequirementResult } from './types.js';

const pct = (x: number) => `${(x * 100).toFixed(1).replace(/\.0$/, '')}%`;

// Within a section: MUST failures, SHOULD findings, suite gaps, then the rest; catalog order inside each rank.
const RANK: Record<string, number> = { 'failed-MUST': 0, 'failed-SHOULD': 1, 'no-check': 2, 'not-exercised': 3, 'not-testable': 4, 'suite-side': 5, passed: 6 };
const rank = (r: RequirementResult) => RANK[r.verdict === 'failed' ? `failed-${r.severity}` : r.verdict] ?? 9;

function link(r: RequirementResult): string {
  return `<a href="#${esc(anchor(r.id))}">${esc(r.id)}</a>`;
}

function firstFailing(r: RequirementResult): string {
  const c = r.checks.find((x) => x.status === 'failed');
  if (!c) return r.findings[0] ? ` — <i>${esc(r.findings[0].message)}</i>` : '';
  const ev = c.evidence[0];
  const cut = (s: string) => (s.length > 140 ? `${s.slice(0, 140)}…` : s);
  // The exchange that showed it, or, for a failure no single exchange shows (a model, a list), what was expected.
  const got = !ev
    ? ''
    : ev.request
      ? ` (${esc(ev.request.method ?? '')} ${esc(ev.request.url ?? '')} → ${esc(ev.status ?? 'no answer')})`
      : ev.actual
        ? ` (expected ${esc(cut(ev.expected ?? '—'))}; got ${esc(cut(ev.actual))})`
        : '';
  return ` — <i>${esc(ev?.title || c.title)}</i>${got}`;
}

function figures(rep: ConformanceReport): string {
  const s = rep.summary;
  const fig = (k: string, v: string, small = false) => `<div class="figure"><div class="k">${esc(k)}</div><div class="v${small ? ' small' : ''}">${v}</div></div>`;
  const rate = s.must.rate === null ? 'n/a' : `${pct(s.must.rate)}<div class="k">${s.must.passed} of ${s.must.exercised} exercised</div>`;
  return `<div class="figures">${[
    fig('MUST pass rate', rate),
    fig('SHOULD findings', String(s.shouldFindings)),
    fig('Catalog exercised', `${pct(s.exercisedShare)}<div class="k">${s.exercised} of ${s.requirements} requirements</div>`),
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
  const failing = rep.requirements.filter((r) => r.verdict === 'failed' && r.severity === 'MUST');
  const blocking = failing.filter((r) => !r.baseline);
  if (blocking.length) out.push(`<div class="box red" id="failing"><h2>Failing MUST requirements (${blocking.length})</h2>${list(blocking.map((r) => `${link(r)} ${esc(r.statement)}${firstFailing(r)}`))}</div>`);
  const should = rep.requirements.filter((r) => r.verdict === 'failed' && r.severity === 'SHOULD');
  if (should.length) {
    const note = rep.gate.strict ? ' — SC_STRICT=1: they fail the gate' : ' — kept apart from MUST failures; they do not fail the gate';
    out.push(`<div class="box amber"><h2>SHOULD findings (${rep.summary.shouldFindings} in ${should.length} requirements${esc(note)})</h2>${list(should.map((r) => `${link(r)} ${esc(r.statement)}${firstFailing(r)}`))}</div>`);
  }
  const b = rep.gate.baseline;
  if (b && (b.suppressed.length || b.fixed.length)) {
    const items = [
      ...b.suppressed.map((id) => `<a href="#${esc(anchor(id))}">${esc(id)}</a> still fails (known gap, not blocking)`),
      ...b.fixed.map((id) => `<a href="#${esc(anchor(id))}">${esc(id)}</a> now passes — <b>fixed: remove from the baseline</b>`),
    ];
    out.push(`<div class="box ${b.fixed.length ? 'green' : 'grey'}"><h2>Baseline ${esc(b.file)}</h2>${list(items)}</div>`);
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
  if (rep.run.filtered) out.push(`<div class="box grey">This run selected only some checks (<code>${esc(rep.run.filtered)}</code>): requirements outside the selection show as “no check”.</div>`);
  const gaps = rep.requirements.filter((r) => r.verdict === 'no-check' && !r.onSkipList);
  if (gaps.length) {
    // A long list (a filtered run) would push the catalog off the first screen: folded then.
    const open = !rep.run.filtered && gaps.length <= 30 ? ' open' : '';
    const title = rep.run.filtered ? 'Requirements without a check in this selection' : 'Testable requirements without a check (a gap in the suite)';
    out.push(`<details class="box amber"${open}><summary><b>${title} (${gaps.length})</b></summary><div>${gaps.map(link).join(', ')}</div></details>`);
  }
  if (rep.problems.length) out.push(`<div class="box amber"><h2>Problems in the run (${rep.problems.length})</h2>${list(rep.problems.map((p) => `<b>${esc(p.kind)}</b>: ${esc(p.message)}${p.checkTitle ? ` — <i>${esc(p.checkTitle)}</i>` : ''}`))}</div>`);
  return out.join('\n');
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
      const counts = `${count('passed')} passed · ${count('failed')} failed · ${reqs.length - count('passed') - count('failed')} not run`;
      return `<section class="spec-section"><h2>${esc(name)}<span class="counts">${counts}</span></h2>${reqs.map((r) => requirementEntry(r, tables)).join('\n')}</section>`;
    })
    .join('\n');
}

function filters(rep: ConformanceReport): string {
  const n = rep.summary.byVerdict;
  const findingReqs = rep.requirements.filter((r) => r.verdict === 'failed' && r.severity === 'SHOULD').length;
  const b = (key: string, label: string, count?: number) => `<button data-filter="${key}"${key === 'all' ? ' class="on"' : ''}>${label}${count === undefined ? '' : ` (${count})`}</button>`;
  return `<nav class="filters">${[
    b('all', 'All', rep.requirements.length),
    b('failed', 'Failed', n.failed - findingReqs),
    b('finding', 'SHOULD findings', findingReqs),
    b('no-check', 'No check', n['no-check']),
    b('not-exercised', 'Not exercised', n['not-exercised']),
    b('not-testable', 'Not testable', n['not-testable']),
    b('suite-side', 'Suite side', n['suite-side']),
    b('passed', 'Passed', n.passed),
  ].join('')}<button id="expand" type="button">expand all</button><button id="collapse" type="button">collapse all</button><input id="search" type="search" placeholder="filter by ID or text"></nav>`;
}

export interface HtmlOptions {
  /** Earlier runs and this one, oldest first (reporting/history.ts): the trend chart. */
  trend?: RunPoint[];
  /** The spec's tables, to show quoted table rows as "column: value" text; default: read from the spec beside the repository. */
  specTables?: SpecTable[];
}

export function renderHtml(rep: ConformanceReport, opts: HtmlOptions = {}): string {
  const g = rep.gate;
  const reasons = g.reasons.length ? `<ul class="gate-reasons">${g.reasons.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${g.passed ? 'PASSED' : 'FAILED'} — Seller Connect conformance</title>
<style>${CSS}</style></head>
<body>
<header class="gate ${g.passed ? 'pass' : 'fail'}"><h1>Seller Connect conformance</h1><div class="gate-verdict">Gate: ${g.passed ? 'PASSED' : 'FAILED'}${g.strict ? ' (strict)' : ''}</div>${reasons}</header>
<div class="wrap">
${figures(rep)}
${chartsOverview(rep, opts.trend)}
${topBoxes(rep)}
${chartsDetail(rep)}
${filters(rep)}
<main>${sections(rep, opts.specTables ?? loadSpecTables())}</main>
</div>
<footer>Generated ${esc(rep.run.generatedAt)} · Playwright ${esc(rep.run.playwrightVersion ?? '?')} · ${rep.summary.checks.total} checks (${rep.summary.checks.passed} passed, ${rep.summary.checks.failed} failed, ${rep.summary.checks.skipped} skipped${rep.summary.checks.flaky ? `, ${rep.summary.checks.flaky} flaky` : ''}). Verdicts: a requirement passes only when an assertion naming it ran and none failed; a failure is charged to exactly the rules its assertion names. Machine-readable: conformance.json.</footer>
<script>${SCRIPT}</script>
</body></html>
`;
  // Every string was masked on the way in (structurally and by value); this last by-value pass is a safety net.
  return maskValues(html);
}
