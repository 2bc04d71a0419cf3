import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { freePort } from '../support/free-port.js';

/**
 * `npm run reference` (reference/main.ts): prints one `export SC_…='…'` line per
 * TARGET.md setting and a ready line, serves /health, exits cleanly on SIGTERM;
 * a bad setting prints one line and exits 2.
 */

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs main.ts; `whenReady` runs once the ready line is out, then the process gets SIGTERM. */
function runMain(env: Record<string, string>, whenReady?: (stdout: string) => Promise<void>): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference/main.ts'], {
    cwd: new URL('../..', import.meta.url),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let readySeen = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main.ts did not finish in time; stdout: ${stdout} stderr: ${stderr}`));
    }, 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!readySeen && stdout.includes('# reference ready')) {
        readySeen = true;
        (whenReady?.(stdout) ?? Promise.resolve()).catch(reject).finally(() => child.kill('SIGTERM'));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test('npm run reference prints the export lines, serves /health and stops on SIGTERM', async () => {
  const port = await freePort();
  const settings: Record<string, string> = {};
  const run = await runMain({ REFERENCE_PORT: String(port) }, async (stdout) => {
    for (const m of stdout.matchAll(/^export (SC_\w+)='((?:[^']|'\\'')*)'$/gm)) settings[m[1]] = m[2].replace(/'\\''/g, "'");
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    const unauth = await fetch(`${settings.SC_BASE_URL}/items`);
    expect(unauth.status).toBe(401);
  });
  expect(run.code).toBe(0);
  expect(Object.keys(settings).sort()).toEqual(
    ['SC_ACCOUNTS', 'SC_AUTH_URL', 'SC_BASE_URL', 'SC_CLIENT_ID', 'SC_CLIENT_SECRET', 'SC_CONTROL_TOKEN', 'SC_CONTROL_URL', 'SC_REDIRECT_URI'].sort(),
  );
  expect(settings.SC_BASE_URL).toBe(`http://127.0.0.1:${port}/api`);
  expect(settings.SC_AUTH_URL).toBe(`http://127.0.0.1:${port}/oauth`);
  expect(settings.SC_CONTROL_URL).toBe(`http://127.0.0.1:${port}/control`);
  expect(settings.SC_REDIRECT_URI).toBe('http://127.0.0.1/callback');
  const accounts = JSON.parse(settings.SC_ACCOUNTS) as { username: string; password: string; plan: string }[];
  expect(accounts.map((a) => a.plan).sort()).toEqual(['basic', 'basic', 'basic', 'basic', 'pro', 'pro', 'pro', 'pro']);
  expect(run.stdout).toContain(`# reference ready on http://127.0.0.1:${port}`);
});

for (const [name, env, pattern] of [
  ['an unknown defect', { REFERENCE_DEFECT: 'no-such-defect' }, /unknown defect 'no-such-defect'/],
  ['an unknown variant', { REFERENCE_VARIANTS: 'no-such-variant' }, /unknown variant 'no-such-variant'/],
  ['a malformed number', { REFERENCE_PAGE_SIZE: 'three' }, /REFERENCE_PAGE_SIZE must be an integer/],
  ['a token prefix that is not URL-safe', { REFERENCE_TOKEN_PREFIX: 'a b' }, /REFERENCE_TOKEN_PREFIX must be letters, digits/],
] as const) {
  test(`${name} prints one line and exits 2`, async () => {
    const run = await runMain({ REFERENCE_PORT: '0', ...env });
    expect(run.code).toBe(2);
    const lines = run.stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
    expect(run.stdout).toBe('');
  });
}
