/**
 * A tiny Playwright project that stands in for "the suite and the reference" in
 * the teeth's own tests: a fake reference answering which defect and variants it
 * was started with, and checks whose outcome depends on them. Lets the matrix
 * machinery be proved on every verdict without the real specs or reference.
 * The fake reference comes two ways, as the real one does: a Node HTTP server
 * started as webServer on a port the system picks (whole-suite runs and runs of
 * their own; its pid left in the run's folder), and the batch's host
 * (startFakeHost: servers in this process, `batch: true` in their answer).
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReferenceHost, ReferenceSpec } from '../reference-host.js';
import { ROOT } from '../paths.js';

const CONFIG = `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: 'specs',
  workers: Number(process.env.SC_WORKERS ?? 1),
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: \`\${process.env.SC_REPORTS ?? 'reports'}/playwright.json\` }]],
  webServer: {
    command: 'node server.mjs',
    wait: { stdout: /listening on (?<reference_port>\\d+)/ },
    timeout: 10_000,
    env: { REFERENCE_PORT: '0' },
  },
});
`;

// The fake reference: tells the checks how it was started, as the real one would behave.
const SERVER = `import { writeFileSync } from 'node:fs';
import http from 'node:http';
const state = { defect: process.env.REFERENCE_DEFECT ?? '', variants: process.env.REFERENCE_VARIANTS ?? '' };
const server = http.createServer((req, res) => res.end(JSON.stringify(state)));
server.listen(Number(process.env.REFERENCE_PORT), '127.0.0.1', () => {
  if (process.env.SC_REPORTS) writeFileSync(\`\${process.env.SC_REPORTS}/server.pid\`, String(process.pid));
  console.log(\`listening on \${server.address().port}\`);
});
`;

// As the suite's checks: the target through the `target` option (a kill-matrix job's, set by its wrapper), else the
// process's own (REFERENCE_PORT); keepWorker and bail through the suite's teeth-job fixture.
const SPEC = `import { expect } from '@playwright/test';
import { teethJobTest } from ${JSON.stringify(pathToFileURL(join(ROOT, 'fixtures', 'teeth-job.ts')).href)};
const test = teethJobTest.extend({ target: [undefined, { option: true }] });
const server = async (target) => (await (await fetch(\`http://127.0.0.1:\${target?.env.REFERENCE_PORT ?? process.env.REFERENCE_PORT}/\`)).json());
// A conformance failure as the suite's assertions leave it: evidence naming the rule, then the error.
const fail = async (id, message) => {
  await test.info().attach('evidence', { body: JSON.stringify({ requirements: [id], title: message }), contentType: 'application/json' });
  throw new Error(message);
};

test('[ITEM-A-1] sees defect-a @items', async ({ target }) => {
  if ((await server(target)).defect === 'defect-a') await fail('ITEM-A-1', 'defect-a seen');
});
test.describe('a describe', () => {
  test('[ITEM-B-1] is blind to every defect @items', async ({ target }) => {
    await server(target);
  });
});
test('[ITEM-C-1] hangs under defect-c @items', async ({ target }) => {
  if ((await server(target)).defect === 'defect-c') await new Promise((r) => setTimeout(r, 55_000));
});
test('[ITEM-D-1] fails on every server @items', async ({ target }) => {
  await server(target);
  await fail('ITEM-D-1', 'fails on every server');
});
test('[ITEM-E-1] fails under variant v-bad @items', async ({ target }) => {
  expect((await server(target)).variants.split(',')).not.toContain('v-bad');
});
test('[ITEM-F-1] is not exercised @items', async ({ target }) => {
  test.skip(true, 'not exercised: needs the moon (SC_MOON)');
});
test('[ITEM-G-1] is skipped without a reason under v-skip @items', async ({ target }) => {
  test.skip((await server(target)).variants === 'v-skip');
});
test('[ITEM-H-1] sees defect-h only in a reference of its own @items', async ({ target }) => {
  const s = await server(target);
  if (s.defect === 'defect-h' && !s.batch) await fail('ITEM-H-1', 'defect-h seen outside the batch');
});
`;

/** Writes the project in a fresh temporary folder and returns it; node_modules is the project's, linked. */
export function writeSyntheticProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sc-teeth-synthetic-'));
  mkdirSync(join(dir, 'specs'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  writeFileSync(join(dir, 'pw.config.ts'), CONFIG);
  writeFileSync(join(dir, 'server.mjs'), SERVER);
  writeFileSync(join(dir, 'specs', 'fake.spec.ts'), SPEC);
  return dir;
}

/** The batch's fake host: one server per reference, in this process, answering its switches and `batch: true`. */
export function startFakeHost(): Promise<ReferenceHost & { ports: number[] }> {
  const servers: Server[] = [];
  const ports: number[] = [];
  return Promise.resolve({
    pid: process.pid,
    ports,
    async start(spec: ReferenceSpec) {
      const state = { defect: spec.defect ?? '', variants: (spec.variants ?? []).join(','), batch: true };
      const server = createServer((_req, res) => res.end(JSON.stringify(state)));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      servers.push(server);
      const port = (server.address() as AddressInfo).port;
      ports.push(port);
      return port;
    },
    async stop() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  });
}
