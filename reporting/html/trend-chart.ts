/**
 * The trend chart of conformance.html (reporting/html/charts.ts): the MUST pass rate
 * and the failing MUST rules over the last runs (SC_HISTORY), and what changed since
 * the previous run, in words.
 */
import { figure, num, pct } from './chart-frame.js';
import { esc } from './text.js';
import type { RunPoint } from '../history.js';

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
