/**
 * A quoted spec sentence as a reader takes it. Some catalog quotes are rows of
 * the spec's tables (`(none) | POST /items | Quota exceeded | inactive | Still
 * answered 201`): they are shown as "column: value" text, the columns named by
 * that table's header row in the spec. Pure, but for `loadSpecTables`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SPEC_PATH } from '../catalog/spec-text.js';
import { esc } from './html-text.js';

export interface SpecTable {
  header: string[];
  rows: string[][];
}

const cells = (line: string): string[] => {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split('|').map((c) => c.trim());
};
const isSeparator = (line: string) => /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line);
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The tables of a markdown text: a header row, a separator row, then rows. */
export function parseSpecTables(markdown: string): SpecTable[] {
  const lines = markdown.split('\n');
  const tables: SpecTable[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i].includes('|') || !isSeparator(lines[i + 1])) continue;
    const table: SpecTable = { header: cells(lines[i]), rows: [] };
    let j = i + 2;
    for (; j < lines.length && lines[j].trim().startsWith('|'); j++) table.rows.push(cells(lines[j]));
    tables.push(table);
    i = j - 1;
  }
  return tables;
}

let cached: SpecTable[] | undefined;
/** The spec's tables (beside the repository: catalog/spec-text.ts), or none when the spec is not there. */
export function loadSpecTables(path: string = SPEC_PATH): SpecTable[] {
  if (path === SPEC_PATH && cached) return cached;
  let tables: SpecTable[] = [];
  try {
    tables = existsSync(path) ? parseSpecTables(readFileSync(path, 'utf8')) : [];
  } catch {
    tables = [];
  }
  if (path === SPEC_PATH) cached = tables;
  return tables;
}

/**
 * A quote that is a table row, as [column, value] pairs (empty cells left out),
 * or undefined when the quote is a sentence. The row is found in `tables`: its
 * leading cells equal the quote's, the quote's last cell may be the start of
 * the row's. Without a matching table the cells come back unnamed (column '').
 */
export function quoteAsRow(quote: string, tables: SpecTable[]): [string, string][] | undefined {
  if (!quote.includes('|')) return undefined;
  const q = cells(quote);
  if (q.length < 2) return undefined;
  for (const t of tables) {
    for (const row of t.rows) {
      const offset = matchAt(q, row);
      if (offset === undefined) continue;
      return q
        .map((v, k): [string, string] => [t.header[offset + k] ?? '', v])
        .filter(([, v]) => v !== '');
    }
  }
  return q.filter((v) => v !== '').map((v): [string, string] => ['', v]);
}

// Where the quote's cells sit in the row: the quote may start at any cell; its last cell may be cut short.
function matchAt(q: string[], row: string[]): number | undefined {
  for (let off = 0; off + q.length <= row.length; off++) {
    let ok = true;
    for (let k = 0; k < q.length && ok; k++) {
      const a = norm(q[k]);
      const b = norm(row[off + k]);
      ok = k === q.length - 1 ? b.startsWith(a) : a === b;
    }
    if (ok) return off;
  }
  return undefined;
}

/** Inline `code` of the spec as <code>, everything else escaped. */
function inline(text: string): string {
  return esc(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** The quote as HTML: a blockquote of the sentence, or of "column: value" text for a table row. */
export function quoteHtml(quote: string, tables: SpecTable[]): string {
  const row = quoteAsRow(quote, tables);
  if (!row) return `<blockquote>${inline(quote)}</blockquote>`;
  const text = row.map(([col, v]) => (col ? `<span class="q-col">${esc(col)}:</span> ${inline(v)}` : inline(v))).join('; ');
  return `<blockquote class="q-row" title="a row of the spec's table">${text}.</blockquote>`;
}
