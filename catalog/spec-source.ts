import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * What the catalog keeps of the spec text it was built from (catalog/spec-source.json),
 * so that nothing at run time needs the spec beside the repository: the SHA-256 of
 * that text (`--version` and every report say which spec the verdicts are against)
 * and the spec's tables, header row included (the HTML report names a quoted table
 * row's columns). scripts/build-spec-source.ts writes it from the spec;
 * tests/catalog/catalog-spec-refs.spec.ts fails when it is stale, where the spec is at hand.
 */

export interface SpecTable {
  header: string[];
  rows: string[][];
}

export interface SpecSource {
  /** The spec's file name, for people: the text itself is identified by `sha256`. */
  spec: string;
  /** SHA-256 (hex) of the spec's bytes. */
  sha256: string;
  tables: SpecTable[];
}

export const SPEC_SOURCE_FILE = fileURLToPath(new URL('spec-source.json', import.meta.url));

/** SHA-256 (hex) of a spec text. */
export const specSha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/** The cells of a markdown table row (outer pipes optional), trimmed. */
export const tableCells = (line: string): string[] => {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split('|').map((c) => c.trim());
};
const isSeparator = (line: string) => /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line);

/** The tables of a markdown text: a header row, a separator row, then rows. */
export function parseSpecTables(markdown: string): SpecTable[] {
  const lines = markdown.split('\n');
  const tables: SpecTable[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i].includes('|') || !isSeparator(lines[i + 1])) continue;
    const table: SpecTable = { header: tableCells(lines[i]), rows: [] };
    let j = i + 2;
    for (; j < lines.length && lines[j].trim().startsWith('|'); j++) table.rows.push(tableCells(lines[j]));
    tables.push(table);
    i = j - 1;
  }
  return tables;
}

/** The catalog's record of a spec text. */
export function specSourceOf(name: string, text: string): SpecSource {
  return { spec: name, sha256: specSha256(text), tables: parseSpecTables(text) };
}

let cached: SpecSource | undefined;
/** The catalog's record (catalog/spec-source.json); empty tables and no hash when the file is missing or broken. */
export function loadSpecSource(file: string = SPEC_SOURCE_FILE): SpecSource {
  if (file === SPEC_SOURCE_FILE && cached) return cached;
  let source: SpecSource = { spec: '', sha256: '', tables: [] };
  try {
    if (existsSync(file)) source = JSON.parse(readFileSync(file, 'utf8')) as SpecSource;
  } catch {
    // A broken record costs the reports their column names and the hash, never the run.
  }
  if (file === SPEC_SOURCE_FILE) cached = source;
  return source;
}
