/**
 * Settings in one object (docs/ARCHITECTURE.md): the environment is read by the
 * settings module (settings/settings.ts: the user's settings) and the run context
 * (settings/run-context.ts: the run's own hand-offs, and the process's facts), and
 * nowhere else in the product; the reference server reads its own settings in
 * reference/config.ts alone. Every other module is handed the Settings object.
 *
 * The sources are parsed (Babel's parser as Playwright ships it for its own
 * TypeScript transform), so a `process.env` inside a string or a comment is not a
 * read, and `process['env']`, `const { env } = process` and
 * `import { env } from 'node:process'` are.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

interface Node {
  type: string;
  loc?: { start: { line: number } };
  [key: string]: unknown;
}
const { babelParse } = createRequire(import.meta.url)('playwright/lib/transform/babelBundle') as { babelParse: (code: string, file: string, isModule: boolean) => Node };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Not the product: the project's own tests, the standalone example client (it uses none of the suite's code), output. */
const NOT_PRODUCT = new Set(['tests', 'examples', 'docs', 'node_modules', 'reports', 'test-results', 'blob-report', 'playwright-report']);
/** The product: every other top-level folder (a new one is covered as it appears) and the root's sources. */
const PRODUCT = readdirSync(ROOT).filter((name) => !name.startsWith('.') && !NOT_PRODUCT.has(name) && (statSync(join(ROOT, name)).isDirectory() || /\.m?ts$/.test(name)));
const ALLOWED = new Set(['settings/settings.ts', 'settings/run-context.ts', 'reference/config.ts']);

function sources(path: string): string[] {
  const full = join(ROOT, path);
  if (statSync(full).isFile()) return /\.m?ts$/.test(path) ? [path] : [];
  return readdirSync(full).flatMap((name) => (name === 'node_modules' ? [] : sources(join(path, name))));
}

/** Every place a source reads the environment: `file:line  text`. */
export function environmentReads(file: string, text: string): string[] {
  const lines = text.split('\n');
  const found: string[] = [];
  const at = (node: Node) => {
    const line = node.loc?.start.line ?? 0;
    found.push(`${file}:${line}  ${(lines[line - 1] ?? '').trim().slice(0, 100)}`);
  };
  const isProcess = (n: unknown) => (n as Node | undefined)?.type === 'Identifier' && (n as Node).name === 'process';
  const named = (n: unknown, name: string) => {
    const k = n as Node | undefined;
    return (k?.type === 'Identifier' && k.name === name) || (k?.type === 'StringLiteral' && k.value === name);
  };
  const visit = (node: Node): void => {
    if (node.type === 'MemberExpression' && isProcess(node.object) && named(node.property, 'env')) at(node);
    if (node.type === 'VariableDeclarator' && isProcess(node.init) && (node.id as Node).type === 'ObjectPattern') {
      if (((node.id as Node).properties as Node[]).some((p) => named(p.key, 'env'))) at(node);
    }
    if (node.type === 'ImportDeclaration' && /^(node:)?process$/.test(String((node.source as Node).value))) {
      if ((node.specifiers as Node[]).some((s) => s.type === 'ImportSpecifier' && named(s.imported, 'env'))) at(node);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || !value || typeof value !== 'object') continue;
      for (const child of Array.isArray(value) ? value : [value]) if (child && typeof (child as Node).type === 'string') visit(child as Node);
    }
  };
  visit(babelParse(text, file, true));
  return found;
}

test('only the settings module and the run context read the environment', () => {
  const files = PRODUCT.flatMap(sources);
  expect(files.length).toBeGreaterThan(100);
  const offending = files.filter((f) => !ALLOWED.has(f)).flatMap((f) => environmentReads(f, readFileSync(join(ROOT, f), 'utf8')));
  expect(offending, `read the setting in settings/settings.ts (or a hand-off in settings/run-context.ts) and hand it on:\n${offending.join('\n')}`).toEqual([]);
  // The allowed modules do read it (the test would pass vacuously on a renamed module).
  for (const f of ['settings/settings.ts', 'settings/run-context.ts']) expect(environmentReads(f, readFileSync(join(ROOT, f), 'utf8')).length, f).toBeGreaterThan(0);
});

test('the parse finds every form of a read, and no mention in a string or a comment', () => {
  const text = [
    "const a = process.env.SC_X;",
    "const b = process['env'];",
    "const { env } = process;",
    "import { env as e } from 'node:process';",
    "// process.env.SC_Y in a comment",
    "const s = 'process.env.SC_Z in a string';",
    'const t = `a template: process.env.SC_W`;',
  ].join('\n');
  expect(environmentReads('x.ts', text).map((l) => l.split('  ')[0])).toEqual(['x.ts:1', 'x.ts:2', 'x.ts:3', 'x.ts:4']);
});
