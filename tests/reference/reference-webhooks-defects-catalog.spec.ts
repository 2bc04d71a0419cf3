import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { TRANSACTIONS_DEFECTS } from '../../reference/defects/transactions.js';
import { WEBHOOKS_DEFECTS } from '../../reference/defects/webhooks.js';

/** Every `.ts` file under `dir`, read whole. */
function sources(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? readFileSync(path, 'utf8') : ''))
    .join('\n');
}

test('every webhooks and transactions defect is described, tied to catalog IDs and read where it happens', () => {
  const code = sources(new URL('../../reference/', import.meta.url).pathname);
  const catalog = JSON.parse(readFileSync(new URL('../../catalog/requirements.json', import.meta.url), 'utf8')) as { id: string }[];
  const ids = new Set(catalog.map((r) => r.id));
  for (const [name, info] of Object.entries({ ...WEBHOOKS_DEFECTS, ...TRANSACTIONS_DEFECTS })) {
    expect(info.description.length, name).toBeGreaterThan(10);
    expect(info.breaks.length, `${name} breaks at least one catalog ID`).toBeGreaterThan(0);
    for (const id of info.breaks) expect(ids.has(id), `${name}: ${id} is in catalog/requirements.json`).toBe(true);
    expect(code.includes(`defect('${name}')`), `seam.defect('${name}') is read somewhere in reference/`).toBe(true);
  }
  expect(Object.keys(WEBHOOKS_DEFECTS).length + Object.keys(TRANSACTIONS_DEFECTS).length).toBeGreaterThanOrEqual(16);
});
