/**
 * The charts of conformance.html: pure functions, report → inline SVG (no
 * script, no network). Each chart has a title, a text alternative holding its
 * numbers (<desc>, and a folded list under it), and takes its colours from the
 * page's CSS variables (classes c-* in html-assets.ts).
 *
 *   groupPassChart    the server's testable MUST rules per API group (GEN, AUTH, ITEM, TX, WH):
 *                     passed, failed, not exercised, not applicable, each its own colour, over all of them
 *   sectionPassChart  the same per spec section
 *   verdictMixChart   the verdicts of each group's requirements, stacked
 *   slowestChart      the slowest checks (by check, each once)
 *   trendChart        MUST pass rate and failing rules over the last runs (reporting/html/trend-chart.ts)
 */
import { GROUPS, groupInfo } from '../../catalog/index.js';
import { cutLabel, figure, num, pct } from './chart-frame.js';
import { esc, formatDuration } from './text.js';
import { trendChart } from './trend-chart.js';
import type { RunPoint } from '../history.js';
import { isServerMust } from '../scope.js';
import type { ConformanceReport, RequirementResult } from '../report-types.js';

/** A group's short name: the prefix of its requirement IDs. */
export const groupName = (g: string) => groupInfo(g)?.prefix ?? g.toUpperCase();
const GROUP_ORDER: readonly string[] = GROUPS.map((g) => g.prefix);

interface Rate {
  label: string;
  full: string;
  /** The server's testable MUST rules of the group (reporting/scope.ts): the whole bar. */
  testable: number;
  exercised: number;
  passed: number;
  failed: number;
  notExercised: number;
  notApplicable: number;
  /** Testable, no check (a gap in the suite). */
  noCheck: number;
}

function rateOf(label: string, full: string, reqs: RequirementResult[]): Rate {
  const must = reqs.filter(isServerMust);
  // Judged: a rule with SHOULD findings alone passed its MUST (the headline's reading).
  const ex = must.filter((r) => r.verdict === 'passed' || r.verdict === 'failed' || r.verdict === 'finding');
  const failed = ex.filter((r) => r.verdict === 'failed').length;
  const count = (v: RequirementResult['verdict']) => must.filter((r) => r.verdict === v).length;
  return { label, full, testable: must.length, exercised: ex.length, passed: ex.length - failed, failed, notExercised: count('not-exercised'), notApplicable: count('not-applicable'), noCheck: count('no-check') };
}

/** Groups in the order GEN, AUTH, ITEM, TX, WH, then any other. */
export function byGroup(rep: ConformanceReport): [string, RequirementResult[]][] {
  const map = new Map<string, RequirementResult[]>();
  for (const r of rep.requirements) {
    const g = groupName(r.group);
    map.set(g, [...(map.get(g) ?? []), r]);
  }
  const rank = (g: string) => (GROUP_ORDER.includes(g) ? GROUP_ORDER.indexOf(g) : GROUP_ORDER.length);
  return [...map.entries()].sort((a, b) => rank(a[0]) - rank(b[0]));
}

/** One line per bar: passed of testable, never a share of only what ran. */
function rateNumbers(rates: Rate[]): string[] {
  return rates.map((x) => {
    if (!x.testable) return `${x.full}: no testable MUST rule of the server`;
    const parts = [`${x.passed} passed`, `${x.failed} failed`, `${x.notExercised} not exercised`, `${x.notApplicable} not applicable`];
    if (x.noCheck) parts.push(`${x.noCheck} without a check`);
    return `${x.full}: judged ${x.exercised} of ${x.testable} testable MUST rules: ${parts.join(', ')}`;
  });
}

/**
 * Horizontal bars over every testable MUST rule of the row: passed green, failed red, not exercised amber,
 * not applicable grey, the rest (no check) the bare track. A row reads 100% only when every rule passed.
 */
function rateBars(rates: Rate[], labelWidth: number, rowHeight: number, labelClass = 'lbl'): { body: string; width: number; height: number } {
  const barX = labelWidth + 8;
  const barW = 230;
  const width = barX + barW + 230;
  const rows = rates.map((x, i) => {
    const y = 6 + i * rowHeight;
    const h = rowHeight - 6;
    let at = barX;
    const seg = (n: number, cls: string) => {
      if (!n || !x.testable) return '';
      const w = (barW * n) / x.testable;
      const rect = `<rect x="${num(at)}" y="${y}" width="${num(w)}" height="${h}" class="${cls}"/>`;
      at += w;
      return rect;
    };
    const segs = seg(x.passed, 'c-pass') + seg(x.failed, 'c-fail') + seg(x.notExercised, 'c-notex') + seg(x.notApplicable, 'c-notapp');
    const tail = [x.failed ? `${x.failed} failing` : '', x.notExercised ? `${x.notExercised} not exercised` : ''].filter(Boolean).join(' · ');
    const figure = x.testable ? `${pct(x.passed / x.testable)} · ${x.passed}/${x.testable} passed${tail ? ` · ${tail}` : ''}` : 'no testable MUST rule';
    const tip = rateNumbers([x])[0];
    const flag = x.failed ? ' failing' : x.notExercised ? ' unjudged' : '';
    return `<g class="row${flag}"><title>${esc(tip)}</title><text x="${labelWidth}" y="${y + h / 2 + 4}" text-anchor="end" class="${labelClass}${x.failed ? ' c-fail-text' : ''}">${esc(x.label)}</text><rect x="${barX}" y="${y}" width="${barW}" height="${h}" class="c-track" rx="2"/>${segs}<text x="${barX + barW + 6}" y="${y + h / 2 + 4}" class="val${x.failed ? ' c-fail-text' : ''}">${esc(figure)}</text></g>`;
  });
  return { body: rows.join(''), width, height: 6 + rates.length * rowHeight };
}

export function groupPassChart(rep: ConformanceReport): string {
  const rates = byGroup(rep).map(([g, reqs]) => rateOf(g, g, reqs));
  const { body, width, height } = rateBars(rates, 44, 26);
  return figure('groups', 'Server MUST rules per group: passed, failed, not exercised, not applicable', width, height, body, rateNumbers(rates));
}

export function sectionPassChart(rep: ConformanceReport): string {
  const order: string[] = [];
  const map = new Map<string, RequirementResult[]>();
  for (const r of rep.requirements) {
    if (!map.has(r.section)) order.push(r.section);
    map.set(r.section, [...(map.get(r.section) ?? []), r]);
  }
  const rates = order.map((s) => rateOf(cutLabel(s.replace(/ > /g, ' › '), 46), s, map.get(s)!));
  const { body, width, height } = rateBars(rates, 300, 19, 'lbl-sm');
  return figure('sections', 'Server MUST rules per spec section', width, height, body, rateNumbers(rates));
}

/** The verdict mix's categories, in stacking order, with their colour class. */
export const MIX: { key: string; label: string; cls: string; match: (r: RequirementResult) => boolean }[] = [
  { key: 'passed', label: 'passed', cls: 'c-pass', match: (r) => r.verdict === 'passed' },
  { key: 'must-failed', label: 'MUST failed', cls: 'c-fail', match: (r) => r.verdict === 'failed' },
  // Rules, not findings: the unit is said (a rule may carry several findings; "SHOULD findings" counts those).
  { key: 'finding', label: 'rules with SHOULD findings', cls: 'c-finding', match: (r) => r.verdict === 'finding' },
  { key: 'not-exercised', label: 'not exercised', cls: 'c-notex', match: (r) => r.verdict === 'not-exercised' },
  { key: 'not-applicable', label: 'not applicable', cls: 'c-notapp', match: (r) => r.verdict === 'not-applicable' },
  { key: 'not-testable', label: 'not testable', cls: 'c-nottest', match: (r) => r.verdict === 'not-testable' },
  { key: 'suite-side', label: 'suite side', cls: 'c-suite', match: (r) => r.verdict === 'suite-side' },
  { key: 'no-check', label: 'no check', cls: 'c-nocheck', match: (r) => r.verdict === 'no-check' },
];

export function verdictMixChart(rep: ConformanceReport): string {
  // The rules only: the spec's open points and descriptions are no verdict of a server (listed apart, reporting/html/page.ts).
  const groups = byGroup(rep).map(([g, reqs]): [string, RequirementResult[]] => [g, reqs.filter((r) => !r.kind)]);
  const labelW = 44;
  const barX = labelW + 8;
  const barW = 380;
  const rowH = 26;
  const numbers: string[] = [];
  const rows = groups.map(([g, reqs], i) => {
    const y = 6 + i * rowH;
    const h = rowH - 6;
    let x = barX;
    const counts = MIX.map((m) => reqs.filter(m.match).length);
    numbers.push(`${g} (${reqs.length} requirements): ${MIX.map((m, k) => `${counts[k]} ${m.label}`).join(', ')}`);
    const segs = MIX.map((m, k) => {
      if (!counts[k]) return '';
      const w = (barW * counts[k]) / reqs.length;
      const seg = `<rect x="${num(x)}" y="${y}" width="${num(w)}" height="${h}" class="${m.cls}"><title>${esc(`${g}: ${counts[k]} ${m.label}`)}</title></rect>${
        w >= 22 ? `<text x="${num(x + w / 2)}" y="${y + h / 2 + 4}" text-anchor="middle" class="seg ${m.cls}-ink">${counts[k]}</text>` : ''
      }`;
      x += w;
      return seg;
    }).join('');
    return `<g><text x="${labelW}" y="${y + h / 2 + 4}" text-anchor="end" class="lbl">${esc(g)}</text>${segs}<text x="${barX + barW + 6}" y="${y + h / 2 + 4}" class="val">${reqs.length}</text></g>`;
  });
  // The legend: every category with its total over all groups.
  const legendY = 6 + groups.length * rowH + 8;
  let lx = barX;
  let ly = legendY;
  const legend = MIX.map((m) => {
    const total = groups.reduce((n, [, reqs]) => n + reqs.filter(m.match).length, 0);
    const text = `${m.label} ${total}`;
    const w = 18 + text.length * 6.2 + 12;
    if (lx + w > barX + barW + 40) {
      lx = barX;
      ly += 18;
    }
    const item = `<rect x="${num(lx)}" y="${ly}" width="12" height="12" class="${m.cls}"/><text x="${num(lx + 16)}" y="${ly + 10}" class="legend">${esc(text)}</text>`;
    lx += w;
    return item;
  }).join('');
  const height = ly + 20;
  return figure('mix', 'Verdicts per group', barX + barW + 40, height, rows.join('') + legend, numbers);
}

export interface SlowCheck {
  id: string;
  title: string;
  file: string;
  line: number;
  durationMs: number;
  failed: boolean;
}

/** The slowest checks of the report, each check once (a check is listed under every requirement it proves). */
export function slowestChecks(rep: ConformanceReport, n = 10): SlowCheck[] {
  const seen = new Map<string, SlowCheck>();
  for (const r of rep.requirements) {
    for (const c of r.checks) {
      if (!seen.has(c.id)) seen.set(c.id, { id: c.id, title: c.title, file: c.file, line: c.line, durationMs: c.durationMs, failed: c.status === 'failed' });
    }
  }
  return [...seen.values()].sort((a, b) => b.durationMs - a.durationMs).slice(0, n);
}

export function slowestChart(rep: ConformanceReport, n = 10): string {
  const slow = slowestChecks(rep, n).filter((c) => c.durationMs > 0);
  if (!slow.length) return '';
  const rowH = 32;
  const width = 620;
  const barX = 8;
  const barW = 460;
  const max = slow[0].durationMs;
  const rows = slow.map((c, i) => {
    const y = 4 + i * rowH;
    const w = Math.max(2, (barW * c.durationMs) / max);
    const tip = `${c.title} (${c.file}:${c.line}): ${formatDuration(c.durationMs)}${c.failed ? ', failed' : ''}`;
    return `<g><title>${esc(tip)}</title><text x="${barX}" y="${y + 11}" class="lbl-sm">${esc(cutLabel(c.title, 84))}</text><rect x="${barX}" y="${y + 15}" width="${num(w)}" height="11" class="${c.failed ? 'c-fail' : 'c-info'}" rx="2"/><text x="${num(barX + w + 6)}" y="${y + 25}" class="val">${esc(formatDuration(c.durationMs))}</text></g>`;
  });
  const numbers = slow.map((c) => `${formatDuration(c.durationMs)}: ${c.title} (${c.file}:${c.line})${c.failed ? ', failed' : ''}`);
  return figure('slowest', `The ${slow.length} slowest checks`, width, 4 + slow.length * rowH, rows.join(''), numbers);
}

/** Every chart of the page, in two parts: the overview under the figures, the details under the lists. */
export function chartsOverview(rep: ConformanceReport, trend: RunPoint[] = []): string {
  const t = trendChart(trend);
  // Two by two: how each group stands and what changed first, then the verdicts and where the time went.
  const charts = t ? [groupPassChart(rep), t, verdictMixChart(rep), slowestChart(rep)] : [groupPassChart(rep), verdictMixChart(rep), slowestChart(rep)];
  return `<section class="charts">${charts.join('')}</section>`;
}

export function chartsDetail(rep: ConformanceReport): string {
  return `<section class="charts charts-detail">${sectionPassChart(rep)}</section>`;
}
