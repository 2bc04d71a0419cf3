/**
 * The layers of docs/ARCHITECTURE.md "Layers", enforced: every import of every
 * .ts file of the project (a regex over its import/export-from statements and
 * dynamic imports) must point to its own folder or to a layer its layer may
 * import, and no chain of imports may come back to where it started. A failure
 * prints the offending edge (file:line → file) or the cycle.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The layers, bottom up, by folder (or root file), and what each may import besides its own folder.
 * The harness is six layers, bottom up, each free to import those below it: transport (how a request leaves and
 * comes back), sessions (logging in, holding sessions), judging (assertions, refusals, the ledger), run (the run's
 * lifecycle and the suite's own server), clients (the checked clients a check holds, each answer judged), and
 * fixtures/ on top, which only declares and wires Playwright fixtures over them.
 */
const LAYERS = [
  { layer: 'data', folders: ['catalog', 'schemas'], mayImport: [] },
  { layer: 'lib', folders: ['lib'], mayImport: ['data'] },
  { layer: 'results', folders: ['results'], mayImport: ['data', 'lib'] },
  { layer: 'reference', folders: ['reference'], mayImport: ['data', 'lib'] },
  // The settings in one object; with no target set, the embedded reference's own settings (reference/config.ts) are its defaults.
  { layer: 'settings', folders: ['settings'], mayImport: ['data', 'lib', 'results', 'reference'] },
  { layer: 'transport', folders: ['transport'], mayImport: ['data', 'lib', 'results', 'settings'] },
  { layer: 'sessions', folders: ['sessions'], mayImport: ['data', 'lib', 'results', 'settings', 'transport'] },
  { layer: 'judging', folders: ['judging'], mayImport: ['data', 'lib', 'results', 'settings', 'transport', 'sessions'] },
  { layer: 'suite-server', folders: ['suite-server'], mayImport: ['data', 'lib', 'results', 'settings', 'transport', 'sessions', 'judging'] },
  { layer: 'lifecycle', folders: ['lifecycle'], mayImport: ['data', 'lib', 'results', 'settings', 'transport', 'sessions', 'judging', 'suite-server'] },
  { layer: 'clients', folders: ['clients'], mayImport: ['data', 'lib', 'results', 'settings', 'transport', 'sessions', 'judging', 'lifecycle', 'suite-server'] },
  { layer: 'fixtures', folders: ['fixtures'], mayImport: ['data', 'lib', 'results', 'settings', 'transport', 'sessions', 'judging', 'clients', 'lifecycle', 'suite-server'] },
  { layer: 'checks', folders: ['specs'], mayImport: ['data', 'lib', 'results', 'settings', 'fixtures'] },
  { layer: 'reports', folders: ['reporting'], mayImport: ['data', 'lib', 'results', 'settings'] },
  { layer: 'teeth', folders: ['teeth'], mayImport: ['data', 'lib', 'results', 'settings', 'reference', 'reports'] },
  // The interop lanes: the suite's own command against an independent implementation, judged from its report
  // (interop/*.ts), and real third-party servers wired to the reference (interop/oidc/: oidc-provider as the identity provider).
  { layer: 'interop', folders: ['interop'], mayImport: ['data', 'lib', 'results', 'settings', 'reference', 'reports'] },
  { layer: 'entry', folders: ['scripts', 'tests', 'playwright.config.ts'], mayImport: ['data', 'lib', 'results', 'settings', 'reference', 'transport', 'sessions', 'judging', 'lifecycle', 'suite-server', 'clients', 'fixtures', 'checks', 'reports', 'teeth', 'interop'] },
  // For users, and run by tests/package/sandbox-client.spec.ts as a client written from the spec alone: none of the suite's code.
  { layer: 'examples', folders: ['examples'], mayImport: [] },
] as const satisfies readonly { layer: string; folders: readonly string[]; mayImport: readonly string[] }[];

/**
 * Imports against the order that must stay for a while, each with its reason (empty: none today). A stale
 * entry fails the test, so the list only shrinks.
 */
const ALLOWED: readonly { from: string; to: string; why: string }[] = [];

type Layer = (typeof LAYERS)[number]['layer'];

function layerOf(file: string): Layer | undefined {
  const top = file.split('/')[0];
  return LAYERS.find((l) => (l.folders as readonly string[]).includes(top))?.layer;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (name.endsWith('.ts')) out.push(relative(ROOT, path).split('\\').join('/'));
  }
  return out;
}

const STATIC = /^[ \t]*(?:import|export)\b[^;'"`]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const BARE = /^[ \t]*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
/** Comment lines (JSDoc examples cite imports): blanked, so line numbers stay. */
const COMMENT_LINE = /^[ \t]*(?:\/\/|\*|\/\*).*$/gm;

interface Edge {
  from: string;
  to: string;
  line: number;
}

/** The project's files its relative imports name (.js → .ts; a folder → its index.ts; data files as they are). */
function importsOf(file: string): Edge[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(COMMENT_LINE, '');
  const out: Edge[] = [];
  for (const pattern of [STATIC, BARE, DYNAMIC]) {
    for (const m of text.matchAll(pattern)) {
      const spec = m[1];
      if (!spec.startsWith('.')) continue;
      let target = relative(ROOT, resolve(ROOT, dirname(file), spec)).split('\\').join('/');
      target = target.replace(/\.js$/, '.ts');
      if (!/\.[a-z]+$/.test(target)) target = `${target}/index.ts`;
      out.push({ from: file, to: target, line: text.slice(0, m.index).split('\n').length });
    }
  }
  return out;
}

const files = ['playwright.config.ts', ...LAYERS.flatMap((l) => l.folders.filter((f) => !f.endsWith('.ts')).flatMap((f) => sourceFiles(join(ROOT, f))))];
const edges = files.flatMap(importsOf);

test('the layer table names every folder that holds TypeScript, once', () => {
  const tops = [...new Set(files.map((f) => f.split('/')[0]))];
  expect(tops.filter((t) => layerOf(t) === undefined)).toEqual([]);
  const folders = LAYERS.flatMap((l) => l.folders);
  expect(folders.length).toBe(new Set(folders).size);
  expect(edges.length).toBeGreaterThan(500);
});

test('no import runs against the layer order (docs/ARCHITECTURE.md "Layers")', () => {
  const allowed = (e: Edge) => ALLOWED.some((a) => a.from === e.from && a.to === e.to);
  const against = edges.filter((e) => {
    const from = layerOf(e.from);
    const to = layerOf(e.to);
    if (!from || !to || from === to) return false;
    const may: readonly string[] = LAYERS.find((l) => l.layer === from)?.mayImport ?? [];
    return !may.includes(to) && !allowed(e);
  });
  const lines = against.map((e) => `${e.from}:${e.line} (${layerOf(e.from)}) imports ${e.to} (${layerOf(e.to)})`);
  expect(lines, 'imports against the layer order').toEqual([]);
  const stale = ALLOWED.filter((a) => !edges.some((e) => e.from === a.from && e.to === a.to));
  expect(
    stale.map((a) => `${a.from} → ${a.to}`),
    'allowed imports that no longer exist: remove them from ALLOWED',
  ).toEqual([]);
});

/** Every cycle's files, one strongly connected component each (Tarjan), shown as a path back to its start. */
function cycles(): string[] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || next.get(v)?.includes(v)) found.push(pathThrough(new Set(component), v, next));
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return found;
}

/** One way round a cycle from `start`, inside its component (breadth first back to `start`). */
function pathThrough(component: Set<string>, start: string, next: Map<string, string[]>): string {
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift() as string;
    for (const w of next.get(v) ?? []) {
      if (!component.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(from.get(path[0]) as string);
        return [...path, start].join(' → ');
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...component].join(' → ');
}

test('no import cycle between files', () => {
  expect(cycles(), 'import cycles').toEqual([]);
});

/** Product files: every .ts of the layers above but tests/ (the suite's own tests) and generated ones (schemas/types.ts). */
const GENERATED = new Set(['schemas/types.ts']);
const product = files.filter((f) => !f.startsWith('tests/') && !GENERATED.has(f));

test('fixtures/ holds only files that declare or merge Playwright fixtures (docs/FIXTURES.md)', () => {
  const declares = (text: string) => /\.extend\s*[<(]/.test(text) || /\bmergeTests\(/.test(text);
  const others = files.filter((f) => f.startsWith('fixtures/') && f !== 'fixtures/index.ts' && !declares(readFileSync(join(ROOT, f), 'utf8')));
  expect(others, 'files of fixtures/ that declare no fixture: their machinery belongs in a folder named for its concern').toEqual([]);
});

test('no product file is over 250 lines (generated ones aside)', () => {
  const long = product
    .map((f) => ({ f, lines: readFileSync(join(ROOT, f), 'utf8').split('\n').length - 1 }))
    .filter((x) => x.lines > 250)
    .map((x) => `${x.f}: ${x.lines} lines`);
  expect(long, 'split by concern, not by an arbitrary cut').toEqual([]);
});
