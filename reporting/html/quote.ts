/**
 * A quoted spec sentence as a reader takes it. Some catalog quotes are rows of
 * the spec's tables (`(none) | POST /items | Quota exceeded | inactive | Still
 * answered 201`): they are shown as "column: value" text, the columns named by
 * that table's header row in the spec (kept by the catalog: catalog/spec-source.ts).
 * Pure, but for `loadSpecTables`.
 */
import { loadSpecSource, type SpecTable, tableCells as cells } from '../../catalog/spec-source.js';
import { esc } from './text.js';

export type { SpecTable } from '../../catalog/spec-source.js';

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The spec's tables as the catalog keeps them (catalog/spec-source.json): no spec file is read at run time. */
export function loadSpecTables(): SpecTable[] {
  return loadSpecSource().tables;
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
