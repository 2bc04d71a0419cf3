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
 *   trendChart        MUST pass rate and failing rules over the last runs
 */
import { GROUPS, groupInfo } from '../catalog/index.js';
import { esc, formatDuration } from './html-text.js';
import type { RunPoint } from './history.js';
import { isServerMust } from './scope.js';
import type { ConformanceReport, RequirementResult } from './types.js';

/** A group's short name: the prefix of its requirement IDs. */
export const groupName = (g: string) => groupInfo(g)?.prefix ?? g.toUpperCase();
const GROUP_ORDER: readonly string[] = GROUPS.map((g) => g.prefix);

const pct = (x: number) => `${(x * 100).toFixed(1).replace(/\.0$/, '')}%`;
const cutLabel = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const num = (x: number) => Number(x.toFixed(1)).toString();

/** The frame every chart shares: figure, caption, the SVG with its title and desc, the numbers as a list. */
function figure(key: string, title: string, width: number, height: number, body: string, numbers: string[], note = ''): string {
  const id = `chart-${key}`;
  const desc = numbers.join('; ');
  return `<figure class="chart" id="${id}"><figcaption>${esc(title)}${note ? ` <span class="chart-note">${esc(note)}</span>` : ''}</figcaption><svg role="img" aria-labelledby="${id}-t ${id}-d" viewBox="0 0 ${width} ${height}" width="100%" preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg"><title id="${id}-t">${esc(title)}</title><desc id="${id}-d">${esc(desc)}</desc>${body}</svg><details class="chart-alt"><summary>the numbers</summary><ul>${numbers.map((n) => `<li>${esc(n)}</li>`).join('')}</ul></details></figure>`;
}

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
  const ex = must.filter((r) => r.verdict === 'passed' || r.verdict === 'failed');
  const failed = ex.filter((r) => r.verdict === 'failed' && r.severity === 'MUST').length;
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
  { key: 'must-failed', label: 'MUST failed', cls: 'c-fail', match: (r) => r.verdict === 'failed' && r.severity !== 'SHOULD' },
  { key: 'finding', label: 'SHOULD findings', cls: 'c-finding', match: (r) => r.verdict === 'failed' && r.severity === 'SHOULD' },
  { key: 'not-exercised', label: 'not exercised', cls: 'c-notex', match: (r) => r.verdict === 'not-exercised' },
  { key: 'not-applicable', label: 'not applicable', cls: 'c-notapp', match: (r) => r.verdict === 'not-applicable' },
  { key: 'not-testable', label: 'not testable', cls: 'c-nottest', match: (r) => r.verdict === 'not-testable' },
  { key: 'suite-side', label: 'suite side', cls: 'c-suite', match: (r) => r.verdict === 'suite-side' },
  { key: 'no-check', label: 'no check', cls: 'c-nocheck', match: (r) => r.verdict === 'no-check' },
];

export function verdictMixChart(rep: ConformanceReport): string {
  const groups = byGroup(rep);
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
    const total = rep.requirements.filter(m.match).length;
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

const shortTime = (t: string) => t.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, '').slice(5);

/**
 * MUST pass rate (line) and failing MUST rules (bars) over the runs given,
 * oldest first, this run last. Fewer than two runs: nothing to draw, a note.
 */
export function trendChart(points: RunPoint[]): string {
  if (points.length < 2) {
    return points.length === 1
      ? `<figure class="chart" id="chart-trend"><figcaption>MUST pass rate over the last runs</figcaption><p class="chart-note">Only this run so far: the trend starts with the next run (SC_HISTORY keeps one summary per run).</p></figure>`
      : '';
  }
  const width = 560;
  const height = 210;
  const left = 44;
  const right = 40;
  const top = 14;
  const bottom = 46;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const rates = points.map((p) => p.mustRate).filter((r): r is number => r !== null);
  // The scale starts below the lowest rate by at least 5 points, at a multiple of 10: small drops stay visible.
  const floor = rates.length ? Math.max(0, Math.floor((Math.min(...rates) * 100 - 5) / 10) * 10) : 0;
  const yRate = (r: number) => top + plotH * (1 - (r * 100 - floor) / (100 - floor));
  const maxFail = Math.max(1, ...points.map((p) => p.failing.length));
  const step = plotW / points.length;
  const xOf = (i: number) => left + step * (i + 0.5);
  const grid = [floor, floor + (100 - floor) / 2, 100]
    .map((v) => `<line x1="${left}" x2="${left + plotW}" y1="${num(yRate(v / 100))}" y2="${num(yRate(v / 100))}" class="grid"/><text x="${left - 4}" y="${num(yRate(v / 100) + 4)}" text-anchor="end" class="axis">${num(v)}%</text>`)
    .join('');
  const barW = Math.min(26, step * 0.6);
  const bars = points
    .map((p, i) => {
      if (!p.failing.length) return '';
      const h = (plotH * 0.45 * p.failing.length) / maxFail;
      return `<rect x="${num(xOf(i) - barW / 2)}" y="${num(top + plotH - h)}" width="${num(barW)}" height="${num(h)}" class="c-fail" opacity="0.55"><title>${esc(`${p.failing.length} failing: ${p.failing.join(', ')}`)}</title></rect><text x="${num(xOf(i))}" y="${num(top + plotH - 4)}" text-anchor="middle" class="seg bar-count">${p.failing.length}</text>`;
    })
    .join('');
  const withRate = points.map((p, i) => ({ p, i })).filter((x) => x.p.mustRate !== null);
  const line = withRate.length > 1 ? `<polyline points="${withRate.map(({ p, i }) => `${num(xOf(i))},${num(yRate(p.mustRate!))}`).join(' ')}" class="trend-line"/>` : '';
  const dots = withRate
    .map(({ p, i }) => {
      const last = i === points.length - 1;
      return `<circle cx="${num(xOf(i))}" cy="${num(yRate(p.mustRate!))}" r="${last ? 5 : 3.5}" class="${p.failing.length ? 'c-fail' : 'c-pass'}${last ? ' now' : ''}"><title>${esc(pointText(p))}</title></circle>`;
    })
    .join('');
  const every = Math.ceil(points.length / 8);
  const xLabels = points
    .map((p, i) => (i % every === 0 || i === points.length - 1 ? `<text x="${num(xOf(i))}" y="${top + plotH + 16}" text-anchor="middle" class="axis${i === points.length - 1 ? ' now-label' : ''}">${esc(i === points.length - 1 ? 'this run' : shortTime(p.time))}</text>` : ''))
    .join('');
  const last = points[points.length - 1];
  const prev = points[points.length - 2];
  const change = changeText(prev, last);
  const legend = `<rect x="${left}" y="${height - 16}" width="12" height="3" class="c-info"/><text x="${left + 16}" y="${height - 11}" class="legend">MUST pass rate</text><rect x="${left + 120}" y="${height - 20}" width="10" height="10" class="c-fail" opacity="0.55"/><text x="${left + 134}" y="${height - 11}" class="legend">failing MUST rules</text>`;
  const body = `${grid}<line x1="${left}" x2="${left + plotW}" y1="${top + plotH}" y2="${top + plotH}" class="axis-line"/>${bars}${line}${dots}${xLabels}${legend}`;
  const numbers = [...points.map((p, i) => `${i === points.length - 1 ? 'this run' : p.time}: ${pointText(p)}`), `since the previous run: ${change}`];
  return figure('trend', `MUST pass rate and failing rules over the last ${points.length} runs`, width, height, body, numbers, change);
}

function pointText(p: RunPoint): string {
  const rate =
    p.mustRate === null
      ? 'no MUST exercised'
      : p.mustTestable !== undefined
        ? `MUST pass rate ${pct(p.mustRate)} (${p.mustPassed} passed of ${p.mustTestable} testable, ${p.mustExercised} judged${p.mustNotExercised ? `, ${p.mustNotExercised} not exercised` : ''})`
        : `MUST pass rate ${pct(p.mustRate)} (${p.mustPassed}/${p.mustExercised})`;
  return `${rate}; ${p.failing.length ? `${p.failing.length} failing: ${p.failing.join(', ')}` : 'no MUST failure'}${p.filtered ? ` (narrowed: ${p.filtered})` : ''}`;
}

/** What changed from one run to the next, in words. */
export function changeText(prev: RunPoint, now: RunPoint): string {
  const newly = now.failing.filter((id) => !prev.failing.includes(id));
  const fixed = prev.failing.filter((id) => !now.failing.includes(id));
  const parts: string[] = [];
  if (prev.mustRate !== null && now.mustRate !== null) {
    const d = (now.mustRate - prev.mustRate) * 100;
    parts.push(Math.abs(d) < 0.05 ? `MUST pass rate unchanged at ${pct(now.mustRate)}` : `MUST pass rate ${d > 0 ? 'up' : 'down'} ${num(Math.abs(d))} points to ${pct(now.mustRate)}`);
  }
  parts.push(newly.length ? `newly failing: ${newly.join(', ')}` : 'nothing newly failing');
  if (fixed.length) parts.push(`fixed: ${fixed.join(', ')}`);
  return parts.join('; ');
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
