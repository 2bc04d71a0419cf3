/**
 * Reads the requirement catalog and the skip list for the reports.
 *
 * The product path goes through catalog/index.ts (`loadProjectCatalog`). When
 * that module cannot load (a broken JSON file) the files are read here
 * directly, so that a report still gets written, saying what is wrong. Tests
 * point `loadCatalog` at a synthetic catalog folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog, CatalogRequirement, SkipListEntry } from './types.js';

function readJson(path: string, problems: string[], what: string): unknown {
  if (!existsSync(path)) {
    problems.push(`${what} not found at ${path}`);
    return undefined;
  }
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    problems.push(`${what} at ${path} is not valid JSON: ${(e as Error).message}`);
    return undefined;
  }
}

// Accept a bare array or `{ requirements: [...] }` / `{ entries: [...] }`.
function asList(value: unknown, key: string): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const inner = (value as Record<string, unknown>)[key] ?? (value as Record<string, unknown>).entries;
    if (Array.isArray(inner)) return inner;
  }
  return [];
}

function isRequirement(v: unknown): v is CatalogRequirement {
  return !!v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string';
}

/** The catalog under `dir` (default: <root>/catalog). Never throws: problems are returned with it. */
export function loadCatalog(dir: string): Catalog {
  const problems: string[] = [];
  const raw = readJson(join(dir, 'requirements.json'), problems, 'the requirement catalog');
  const requirements: CatalogRequirement[] = [];
  const seen = new Set<string>();
  for (const entry of asList(raw, 'requirements')) {
    if (!isRequirement(entry)) {
      problems.push(`a catalog entry has no id: ${JSON.stringify(entry).slice(0, 120)}`);
      continue;
    }
    if (seen.has(entry.id)) problems.push(`catalog ID ${entry.id} appears twice`);
    seen.add(entry.id);
    requirements.push({
      ...entry,
      section: entry.section || '(no section)',
      level: entry.level ?? 'MUST',
      source: entry.source ?? 'stated',
      statement: entry.statement ?? '',
      quote: entry.quote ?? '',
      group: entry.group ?? '',
    });
  }
  const skipPath = join(dir, 'skip-list.json');
  const skipList: SkipListEntry[] = existsSync(skipPath)
    ? asList(readJson(skipPath, problems, 'the skip list'), 'skip').filter(
        (s): s is SkipListEntry => !!s && typeof (s as SkipListEntry).id === 'string',
      )
    : [];
  return { requirements, skipList, problems };
}

/** The project's catalog through catalog/index.ts; falls back to reading the files when the module fails to load. */
export async function loadProjectCatalog(dir: string): Promise<Catalog> {
  try {
    const mod = await import('../catalog/index.js');
    return { requirements: [...mod.REQUIREMENTS], skipList: [...mod.SKIP_LIST], problems: [] };
  } catch (e) {
    const fallback = loadCatalog(dir);
    return { ...fallback, problems: [`catalog/index.ts failed to load: ${(e as Error).message}`, ...fallback.problems] };
  }
}
