import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { cleanEnv, startExternalReference } from '../support/external-reference.js';

/**
 * The reference as a sandbox, met by a client that follows only the spec and
 * TARGET.md (examples/sandbox-client, none of the suite's code): against the
 * faithful reference the whole story works; against a reference that breaks a
 * rule the story rests on, the client stops at that step and says why.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

interface ClientRun {
  code: number | null;
  output: string;
}

/** Runs the example with the sandbox's settings, as a user would after exporting them; killed after 60 s. */
function runClient(settings: Record<string, string>): Promise<ClientRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/sandbox-client/main.ts'], {
    cwd: root,
    env: { ...cleanEnv(), ...settings, SC_WEBHOOK_WAIT_MS: '5000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function againstReference(env: Record<string, string>): Promise<ClientRun> {
  const reference = await startExternalReference({ REFERENCE_PORT: '0', ...env });
  try {
    return await runClient(reference.settings);
  } finally {
    await reference.stop();
  }
}

test('a client written from the spec alone logs in, sees the quota rule, verifies a notification and its retry, and sees reuse revoke a session', async () => {
  const run = await againstReference({});
  expect(run.output).toContain('✓ logged in as pro-1');
  expect(run.output).toMatch(/create #\d+ answered 201 and the item is inactive/);
  expect(run.output).toContain('after our 500 it came again with the same id, a new timestamp and a valid signature');
  expect(run.output).toContain('replaying the old one answered invalid_grant and revoked the session');
  expect(run.output).toMatch(/cleaned up: (\d+)\/\1 item\(s\) and the webhook deleted/);
  expect(run.code, run.output).toBe(0);
});

const broken: { defect: string; says: RegExp }[] = [
  { defect: 'quota-ignored', says: /the create beyond the quota is not hidden/ },
  { defect: 'retry-new-id', says: /the retry carries another notification id/ },
  { defect: 'signature-wrong-key', says: /signature does not verify under the webhook token/ },
  { defect: 'reuse-not-revoking', says: /the newest one then 200/ },
  { defect: 'state-dropped', says: /the state came back changed/ },
];

for (const { defect, says } of broken) {
  test(`against REFERENCE_DEFECT=${defect} the client stops at that step, says why, and still cleans up`, async () => {
    const run = await againstReference({ REFERENCE_DEFECT: defect });
    expect(run.code, run.output).toBe(1);
    expect(run.output).toMatch(says);
    expect(run.output).not.toContain('unexpected: a bug');
    expect(run.output).toMatch(/cleaned up: (\d+)\/\1 item\(s\)/);
  });
}
