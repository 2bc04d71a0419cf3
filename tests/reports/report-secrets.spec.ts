import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { labelAllureResults } from '../../reporting/allure.js';
import { formatConsoleSummary } from '../../reporting/console.js';
import { describeTarget, maskDeep, maskText } from '../../reporting/masking.js';
import { scanForSecrets } from '../support/secret-scan.js';
import { filesFrom, fixture, PLANTED, tempDir } from './data/helpers.js';

/**
 * No secret reaches a report: the synthetic runs carry fake secrets in an
 * evidence attachment (bearer header, client_secret field, refresh_token form
 * value), in an error message (bearer, the client secret by value) and in a
 * setup error (an account password by value). The final masking step must
 * catch all of them.
 */

const planted = Object.entries(PLANTED).map(([label, value]) => ({ label, value }));

test('the fixtures really carry the planted secrets (else the checks below prove nothing)', () => {
  const raw = `${readFileSync(fixture('run-mixed.json'), 'utf8')}${readFileSync(fixture('run-setup-error.json'), 'utf8')}`;
  const dir = tempDir();
  writeFileSync(join(dir, 'raw.json'), raw);
  // The evidence attachment is base64, as Playwright writes it: the scan must see through that too.
  expect([...new Set(scanForSecrets(dir, planted).map((h) => h.secret))].sort()).toEqual(Object.keys(PLANTED).sort());
});

for (const name of ['run-mixed.json', 'run-setup-error.json']) {
  test(`conformance.json, conformance.html and the console summary of ${name} hold no secret`, () => {
    const built = filesFrom(fixture(name));
    const console = formatConsoleSummary(built.report, { reportPaths: [built.htmlFile] });
    writeFileSync(join(built.outDir, 'console.txt'), console);
    expect(scanForSecrets(built.outDir, planted)).toEqual([]);
    // Masked, not dropped: the reader still sees where a secret was.
    expect(readFileSync(built.htmlFile, 'utf8')).toContain(name === 'run-mixed.json' ? 'Bearer ***' : "got &#39;pro-1:***&#39;");
  });
}

test('maskText masks bearer values anywhere, secret fields and form values, and registered settings', () => {
  filesFrom(fixture('run-should-only.json')); // registers the settings' secrets (SETTING_SECRETS)
  expect(maskText('got Bearer abc.def-123 back')).toBe('got Bearer *** back');
  expect(maskText('curl -H "Authorization: Bearer $SC_ACCESS_TOKEN"')).toContain('$SC_ACCESS_TOKEN');
  expect(maskText('{"refresh_token":"r1-xyz","code":"INVALID_IMAGE"}')).toBe('{"refresh_token":"***","code":"INVALID_IMAGE"}');
  expect(maskText('grant_type=refresh_token&refresh_token=abcdef')).toBe('grant_type=refresh_token&refresh_token=***');
  expect(maskText(`secret is ${PLANTED.envClientSecret}.`)).toBe('secret is ***.');
});

test('maskDeep masks whole values under secret keys and headers', () => {
  expect(
    maskDeep({ headers: { Authorization: 'Bearer t0ken-value', Cookie: 'sid=1' }, body: { token: 'wh-tok-1', code: 'INVALID_IMAGE', nested: [{ password: 'p' }] } }),
  ).toEqual({ headers: { Authorization: 'Bearer ***', Cookie: '***' }, body: { token: '***', code: 'INVALID_IMAGE', nested: [{ password: '***' }] } });
});

test('the target shows origin and path, never credentials or query', () => {
  expect(describeTarget({ embedded: false, baseUrl: 'https://user:pa55word@api.example.test/v1?access_token=abc#x' })).toBe('https://api.example.test/v1');
  expect(describeTarget({ embedded: true, baseUrl: 'http://127.0.0.1:4010/api' })).toBe('embedded reference');
});

test('Allure results are masked when they are labelled', () => {
  const dir = join(tempDir(), 'allure-results');
  mkdirSync(dir);
  const result = {
    name: '[ITEM-CREATE-1] a valid create answers 201',
    status: 'failed',
    statusDetails: { message: `Authorization: Bearer ${PLANTED.bearer}\nclient secret ${PLANTED.envClientSecret}` },
    labels: [],
    steps: [{ name: `POST /items refresh_token=${PLANTED.refresh}`, attachments: [{ name: 'evidence', source: 'a-attachment.json' }] }],
  };
  writeFileSync(join(dir, 'r-result.json'), JSON.stringify(result));
  writeFileSync(join(dir, 'a-attachment.json'), JSON.stringify({ client_secret: PLANTED.clientSecretField }));
  writeFileSync(join(dir, 'b-attachment.txt'), `password ${PLANTED.settingPassword}`);
  expect(scanForSecrets(dir, planted).length).toBeGreaterThan(0);
  filesFrom(fixture('run-should-only.json')); // registers the settings' secrets, as finishRun does first
  labelAllureResults(dir, []);
  expect(scanForSecrets(dir, planted)).toEqual([]);
  // Still valid JSON with its labels.
  expect(JSON.parse(readFileSync(join(dir, 'r-result.json'), 'utf8')).labels).toContainEqual({ name: 'story', value: 'ITEM-CREATE-1' });
});
