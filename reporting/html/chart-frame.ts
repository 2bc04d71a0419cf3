/** What every chart of conformance.html shares (reporting/html/charts.ts): its frame and how its numbers are written. */
import { esc } from './text.js';

export const pct = (x: number) => `${(x * 100).toFixed(1).replace(/\.0$/, '')}%`;
export const cutLabel = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
export const num = (x: number) => Number(x.toFixed(1)).toString();

/** The frame every chart shares: figure, caption, the SVG with its title and desc, the numbers as a list. */
export function figure(key: string, title: string, width: number, height: number, body: string, numbers: string[], note = ''): string {
  const id = `chart-${key}`;
  const desc = numbers.join('; ');
  return `<figure class="chart" id="${id}"><figcaption>${esc(title)}${note ? ` <span class="chart-note">${esc(note)}</span>` : ''}</figcaption><svg role="img" aria-labelledby="${id}-t ${id}-d" viewBox="0 0 ${width} ${height}" width="100%" preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg"><title id="${id}-t">${esc(title)}</title><desc id="${id}-d">${esc(desc)}</desc>${body}</svg><details class="chart-alt"><summary>the numbers</summary><ul>${numbers.map((n) => `<li>${esc(n)}</li>`).join('')}</ul></details></figure>`;
}
