/**
 * The target is handed down, never looked up (issue 34 item 2, transport/served-target.ts): the
 * fixtures hand each test's ServedTarget to the clients, which hand it to every transport call.
 * No product file reads a "target served now"; the process's own target (`ownTarget()`) is read
 * by the registry (a normal run's one target) and the budget's flush at exit alone. A worker of
 * the kill matrix serves several targets one after another: a straggling call of the previous
 * one then still holds its own target's health and schedule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../reports/data/helpers.js';
import { ownTarget, servedTarget } from '../../transport/served-target.js';
import { runHealth } from '../../transport/target-request.js';
import { HttpError } from '../../lib/http.js';
import { TargetHealth } from '../../transport/target-health.js';

/** The product's folders: everything but the project's own tests, the docs and what npm installs. */
const SKIP = new Set(['node_modules', 'tests', 'docs', 'reports', 'test-results', '.git']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

test('no product file reads the process’s own target but the registry and the budget’s flush at exit', () => {
  const readers = sources(ROOT)
    .filter((f) => /\bownTarget\(\)/.test(readFileSync(f, 'utf8')))
    .map((f) => relative(ROOT, f).split(sep).join('/'))
    .sort();
  expect(readers).toEqual(['transport/served-target.ts', 'transport/spending.ts', 'transport/target-registry.ts']);
});

test('two targets keep two healths: one broken refuses its own requests, never the other’s', () => {
  const settings = ownTarget().settings;
  const a = servedTarget(settings, undefined);
  const b = servedTarget(settings, undefined);
  a.health = new TargetHealth();
  a.health.gone('GET /a', new HttpError('GET /a: connection refused', 'network'), 'api', { url: 'http://127.0.0.1:1/api', answered: false, summary: 'connection refused' });
  expect(runHealth(a).brokenLine()).toMatch(/stopped answering/);
  expect(runHealth(b)).not.toBe(runHealth(a));
  expect(runHealth(b).brokenLine()).toBeUndefined();
});
