/**
 * fixtures/settings.ts: every setting validated, one line per mistake; and the
 * conformance run stopping before any test on a bad setting.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadSettings, SettingsError } from '../../settings/settings.js';

// Colour escapes, built without a control character in a regex literal.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

const target = {
  SC_BASE_URL: 'https://api.example/v1',
  SC_AUTH_URL: 'https://idp.example/oauth/',
  SC_CLIENT_ID: 'client',
  SC_CLIENT_SECRET: 'client-secret-xyz',
  SC_ACCOUNTS: '[{"username":"u1","password":"p1-secret","plan":"pro"},{"username":"u2","password":"p2-secret","plan":"basic"}]',
};

function messageOf(env: Record<string, string>): string {
  try {
    loadSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    const message = (error as Error).message;
    expect(message.includes('\n'), 'one line').toBe(false);
    return message;
  }
  throw new Error('expected a SettingsError');
}

test.describe('settings', () => {
  test('embedded defaults come from reference/config.ts', () => {
    const s = loadSettings({ REFERENCE_PORT: '4999' });
    expect(s.embedded).toBe(true);
    expect(s.baseUrl).toBe('http://127.0.0.1:4999/api');
    expect(s.authUrl).toBe('http://127.0.0.1:4999/oauth');
    expect(s.controlUrl).toBe('http://127.0.0.1:4999/control');
    expect(s.accounts.filter((a) => a.plan === 'pro')).toHaveLength(4);
    expect(s.redirectUri).toBe('http://127.0.0.1/callback');
    expect(s.listen).toEqual({ host: '127.0.0.1', port: 0 });
  });

  test('a target is read whole; trailing slashes are trimmed except on the redirect URI', () => {
    const s = loadSettings({ ...target, SC_REDIRECT_URI: 'https://app.example/cb/', SC_LISTEN: '0.0.0.0:8123', SC_MAX_ITEMS: '7' });
    expect(s.authUrl).toBe('https://idp.example/oauth');
    expect(s.redirectUri).toBe('https://app.example/cb/');
    expect(s.controlUrl).toBeUndefined();
    expect(s.listen).toEqual({ host: '0.0.0.0', port: 8123 });
    expect(s.maxItems).toBe(7);
  });

  test('the embedded target follows the REFERENCE_ credentials of the reference', () => {
    const s = loadSettings({ REFERENCE_PORT: '4999', REFERENCE_CLIENT_SECRET: 'c-sec-1', REFERENCE_CONTROL_TOKEN: 'ctl-1', REFERENCE_PASSWORD_SUFFIX: '-x9' });
    expect(s.clientSecret).toBe('c-sec-1');
    expect(s.controlToken).toBe('ctl-1');
    expect(s.accounts.every((a) => a.password.endsWith('-reference-x9'))).toBe(true);
  });

  test('a retry is waited for 60 s at a remote target (the published first retries), SC_WEBHOOK_WAIT_MS at the embedded reference unless its variant retries late', () => {
    expect(loadSettings(target).webhookRetryWaitMs).toBe(60_000);
    expect(loadSettings({ ...target, SC_WEBHOOK_WAIT_MS: '90000' }).webhookRetryWaitMs).toBe(90_000);
    expect(loadSettings({ ...target, SC_WEBHOOK_RETRY_WAIT_MS: '5000' }).webhookRetryWaitMs).toBe(5_000);
    expect(loadSettings({}).webhookRetryWaitMs).toBe(10_000);
    expect(loadSettings({ REFERENCE_VARIANTS: 'page-size-1, retry-late' }).webhookRetryWaitMs).toBe(60_000);
    expect(messageOf({ ...target, SC_WEBHOOK_RETRY_WAIT_MS: '0' })).toMatch(/^SC_WEBHOOK_RETRY_WAIT_MS: expected an integer >= 1/);
  });

  test('SC_ACCOUNTS may be a file path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sc-settings-'));
    const file = join(dir, 'accounts.json');
    writeFileSync(file, target.SC_ACCOUNTS);
    expect(loadSettings({ ...target, SC_ACCOUNTS: file }).accounts).toHaveLength(2);
  });

  test('each mistake names its variable and what it expects', () => {
    const { SC_AUTH_URL: _a, ...noAuth } = target;
    expect(messageOf(noAuth)).toMatch(/^SC_AUTH_URL: required when SC_BASE_URL is set/);
    expect(messageOf({ ...target, SC_BASE_URL: 'ftp://x' })).toMatch(/^SC_BASE_URL: expected an absolute http\(s\) URL; got 'ftp:\/\/x'/);
    expect(messageOf({ ...target, SC_ACCOUNTS: '[{"username":"u"' })).toMatch(/^SC_ACCOUNTS: expected a JSON array .* got invalid JSON/);
    expect(messageOf({ ...target, SC_ACCOUNTS: 'no/such/file.json' })).toMatch(/^SC_ACCOUNTS: .*no such file/);
    expect(messageOf({ ...target, SC_ACCOUNTS: '[{"username":"u","password":"p","plan":"gold"}]' })).toMatch(/^SC_ACCOUNTS: .*plan must be "pro" or "basic"/);
    expect(messageOf({ ...target, SC_LISTEN: 'localhost' })).toMatch(/^SC_LISTEN: expected host:port/);
    expect(messageOf({ ...target, SC_LOGIN: 'magic' })).toMatch(/^SC_LOGIN: expected 'form' or 'browser'/);
    expect(messageOf({ ...target, SC_LOGIN_FIELDS: 'user' })).toMatch(/^SC_LOGIN_FIELDS: expected two comma-separated field names/);
    expect(messageOf({ ...target, SC_WEBHOOK_WAIT_MS: '-5' })).toMatch(/^SC_WEBHOOK_WAIT_MS: expected an integer >= 1/);
    expect(messageOf({ ...target, SC_CONTROL_URL: 'https://ctl.example' })).toMatch(/^SC_CONTROL_TOKEN: required when SC_CONTROL_URL is set/);
    expect(messageOf({ ...target, SC_DISABLE_CHECKS: 'no-such-check' })).toMatch(/^SC_DISABLE_CHECKS: expected comma-separated check names/);
    expect(messageOf({ SC_AUTH_URL: 'https://idp.example' })).toMatch(/^SC_AUTH_URL: set only together with SC_BASE_URL/);
  });

  test('secrets are never part of a settings message', () => {
    const message = messageOf({ ...target, SC_ACCOUNTS: '[{"username":"u","password":"very-secret-pw","plan":"x"}]' });
    expect(message.includes('very-secret-pw')).toBe(false);
    // V8 quotes a piece of malformed JSON in its message; inline accounts that are not JSON are not echoed.
    for (const raw of ['[{"username":"u","password":very-secret-pw,"plan":"pro"}]', '[{"username":"u","password":"very-secret-pw","plan":"pro"},]', 'u:very-secret-pw:pro']) {
      const got = messageOf({ ...target, SC_ACCOUNTS: raw });
      expect(got).toMatch(/^SC_ACCOUNTS: expected a JSON array/);
      expect(got.includes('very-secret'), got).toBe(false);
    }
  });

  test('the conformance run stops before any test with one line on a bad setting', () => {
    const env = { ...process.env, ...target, SC_ACCOUNTS: 'not json and no file' };
    const run = spawnSync('npx', ['playwright', 'test', '-c', 'playwright.config.ts', '--reporter=line'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    const lines = `${run.stdout}\n${run.stderr}`
      .replace(ANSI, '')
      .split('\n')
      .filter((l) => l.trim() !== '' && !/npm warn/.test(l));
    expect(run.status).not.toBe(0);
    // --reporter=line replaces the conformance reporter: global setup's error is all there is, a title and a line per problem.
    expect(lines).toEqual([expect.stringMatching(/^Preflight: the run is broken: 1 problem found before any check:$/), expect.stringMatching(/^ {2}SC_ACCOUNTS: expected a JSON array/)]);
  });
});
