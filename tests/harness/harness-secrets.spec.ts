/**
 * lib/secrets.ts: masking by value (and encoded forms) and by structure.
 */
import { expect, test } from '@playwright/test';
import { bogusToken, excerpt, isRegisteredSecret, mask, maskCredential, registerSecret, registerSecretFields } from '../../lib/secrets.js';
import { curlFor } from '../../transport/exchange.js';

test.describe('secret masking', () => {
  test('registered values are masked, also URL-encoded, form-encoded and base64', () => {
    const secret = 'p@ss word/with+chars=1';
    registerSecret(secret);
    for (const form of [secret, encodeURIComponent(secret), new URLSearchParams({ v: secret }).toString().slice(2), Buffer.from(secret).toString('base64')]) {
      expect(mask(`before ${form} after`)).toBe('before *** after');
    }
  });

  test('token fields of a response body are registered, however deep; error codes and bogus tokens are not', () => {
    const webhookToken = 'wh-token-from-a-list-31';
    const bogus = bogusToken();
    registerSecretFields({ webhooks: [{ id: 'w1', url: 'http://x', token: webhookToken }], code: 'INVALID_IMAGE', refresh_token: bogus });
    expect(isRegisteredSecret(webhookToken)).toBe(true);
    expect(isRegisteredSecret(bogus)).toBe(false);
    expect(isRegisteredSecret('INVALID_IMAGE')).toBe(false);
    // Printed later without its field name, it is still hidden.
    expect(mask(`the list shows ${webhookToken} again`)).toBe('the list shows *** again');
  });

  test('short values are not masked by value (they would garble reports)', () => {
    registerSecret('pro');
    expect(mask('plan pro')).toBe('plan pro');
  });

  test('token fields are masked structurally in JSON, escaped JSON, forms and queries', () => {
    expect(mask('{"access_token":"a1","refresh_token": "r1","token_type":"Bearer"}')).toBe('{"access_token":"***","refresh_token": "***","token_type":"Bearer"}');
    expect(mask('{\\"token\\":\\"whsec\\"}')).toBe('{\\"token\\":\\"***\\"}');
    expect(mask('grant_type=refresh_token&refresh_token=r2&client_secret=s3&client_id=c')).toBe('grant_type=refresh_token&refresh_token=***&client_secret=***&client_id=c');
    expect(mask('http://127.0.0.1/callback?code=c4&state=s&iss=x')).toBe('http://127.0.0.1/callback?code=***&state=s&iss=x');
    expect(mask('{"password":"hunter2","code_verifier":"v5","id_token":"i6"}')).toBe('{"password":"***","code_verifier":"***","id_token":"***"}');
  });

  test('API error codes, placeholders and bogus tokens stay readable', () => {
    expect(mask('{"code":"INVALID_IMAGE","message":"no"}')).toBe('{"code":"INVALID_IMAGE","message":"no"}');
    expect(mask(`-H "Authorization: Bearer $SC_ACCESS_TOKEN"`)).toBe(`-H "Authorization: Bearer $SC_ACCESS_TOKEN"`);
    const bogus = bogusToken();
    expect(bogus.startsWith('bogus-')).toBe(true);
    expect(mask(`Authorization: Bearer ${bogus}`)).toBe(`Authorization: Bearer ${bogus}`);
  });

  test('Authorization and Cookie headers are masked in text; a credential keeps its scheme', () => {
    expect(mask('Authorization: Bearer abc.def')).toBe('Authorization: Bearer ***');
    expect(mask('{"authorization":"Basic Zm9vOmJhcg==","cookie":"sid=1"}')).toBe('{"authorization":"Basic ***","cookie":"***"}');
    expect([maskCredential('Bearer t'), maskCredential('t0ken')]).toEqual(['Bearer ***', '***']);
  });

  test('an excerpt masks before it cuts', () => {
    const secret = `s-${'x'.repeat(40)}`;
    registerSecret(secret);
    const cut = excerpt(`${'a'.repeat(490)}${secret}`, 500);
    expect(cut.includes('xxxxxxxx')).toBe(false);
    expect(cut.startsWith('a'.repeat(490))).toBe(true);
  });

  test('a reproduce command names placeholders instead of secrets', () => {
    const curl = curlFor({
      method: 'POST',
      url: 'http://idp.example/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer live-token-123' },
      body: 'grant_type=refresh_token&refresh_token=rt-999&client_id=c&client_secret=cs-888',
      auth: 'session',
    });
    expect(curl).toContain(`-H "Authorization: Bearer $SC_ACCESS_TOKEN"`);
    expect(curl).toContain(`--data-urlencode "refresh_token=$SC_REFRESH_TOKEN"`);
    expect(curl).toContain(`--data-urlencode "client_secret=$SC_CLIENT_SECRET"`);
    for (const secret of ['live-token-123', 'rt-999', 'cs-888']) expect(curl.includes(secret)).toBe(false);
  });
});
