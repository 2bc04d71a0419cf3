/**
 * A Seller Connect client written from the spec and TARGET.md alone, with none
 * of the suite's code: what a client developer writes against the sandbox
 * (`npx seller-connect-conformance reference`, or `npm run reference` in a clone). It tells the API's whole story in five steps:
 *
 *   1. log in (Authorization Code with PKCE);
 *   2. list items until one is beyond the quota: 201, and the item is hidden;
 *   3. subscribe a webhook, inactivate an item, answer the notification 500 and
 *      verify both the first delivery and its retry (same id, HMAC-SHA256 of
 *      "<payload>:<timestamp>" under the webhook token);
 *   4. open a direct-integrator session (the control API), refresh it, replay the
 *      rotated-away refresh token, and see the whole session revoked;
 *   5. remove everything it created.
 *
 * It reads the settings the sandbox prints (SC_BASE_URL, SC_AUTH_URL,
 * SC_CLIENT_ID, SC_CLIENT_SECRET, SC_REDIRECT_URI, SC_ACCOUNTS, SC_CONTROL_URL,
 * SC_CONTROL_TOKEN; SC_LOGIN_FIELDS optional), prints one line a step, and exits
 * 0, or 1 naming the step and the answer that broke it, or 2 for a missing
 * setting. No secret is ever printed. The receiver and the image listen on
 * 127.0.0.1, so the server must run on this machine.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { call, type Delivery, type LocalServer, startLocalServer, Unexpected, waitUntil } from './http.js';
import { allPages, chooseListing, entries, expectStatus, itemPayload } from './items.js';
import { type Client, login, tokenRequest } from './login.js';

/** Notifications and retries are awaited this long. */
const WAIT_MS = Number(process.env.SC_WEBHOOK_WAIT_MS ?? 15_000);
/** More creates than this to reach the quota is not a walkthrough any more. */
const MAX_CREATES = 20;

function setting(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`sandbox-client: ${name} is not set (start the sandbox with \`npm run reference\` and export the lines it prints)`);
    process.exit(2);
  }
  return value;
}

const ok = (line: string) => console.log(`✓ ${line}`);

/** The spec: HMAC-SHA256 of "<JSON payload>:<timestamp>" with the webhook token; its text encoding is not shown, so hex or base64. */
function signatureValid(d: Delivery, token: string): boolean {
  const timestamp = String(d.headers['x-service-timestamp'] ?? '');
  const given = String(d.headers['x-service-signature'] ?? '');
  const mac = createHmac('sha256', token).update(`${d.raw}:${timestamp}`).digest();
  return [mac.toString('hex'), mac.toString('base64')].some((want) => want.length === given.length && timingSafeEqual(Buffer.from(want), Buffer.from(given)));
}

async function main(): Promise<void> {
  const baseUrl = setting('SC_BASE_URL').replace(/\/$/, '');
  const client: Client = { authUrl: setting('SC_AUTH_URL'), clientId: setting('SC_CLIENT_ID'), clientSecret: setting('SC_CLIENT_SECRET'), redirectUri: setting('SC_REDIRECT_URI') };
  const accounts = JSON.parse(setting('SC_ACCOUNTS')) as { username: string; password: string; plan: string }[];
  const account = accounts.find((a) => a.plan === 'pro');
  if (!account) throw new Unexpected('SC_ACCOUNTS holds no Pro account (inactivation needs one)');
  const [userField = 'username', passwordField = 'password'] = (process.env.SC_LOGIN_FIELDS ?? '').split(',').filter(Boolean);
  const run = randomBytes(3).toString('hex');
  const created: string[] = [];
  let webhookId: string | undefined;
  let bearer = '';
  const local: LocalServer = await startLocalServer();
  try {
    // 1. Log in.
    bearer = (await login(client, { username: account.username, password: account.password, fields: [userField, passwordField] })).access_token;
    ok(`logged in as ${account.username} (Authorization Code with PKCE, state unchanged)`);

    // 2. The quota: creates beyond it still answer 201, and the item is hidden.
    const listing = await chooseListing(baseUrl, bearer);
    const limits = await call('GET', `${baseUrl}/items/limits`, bearer);
    expectStatus(limits, (s) => s === 200, 'GET /items/limits');
    const limit = entries(limits.body).find((e) => (e.category_ids as unknown[]).map(String).includes(listing.categoryId)) ?? entries(limits.body)[0];
    const available = Number(limit.available);
    if (available + 1 > MAX_CREATES) throw new Unexpected(`${available} free slots: too many to fill in a walkthrough`);
    for (let n = 0; n <= available; n++) {
      const answer = await call('POST', `${baseUrl}/items`, bearer, itemPayload(listing, `sandbox-client-${run}-${n}`, `${local.base}/image.jpg`));
      expectStatus(answer, (s) => s === 201, `POST /items #${n + 1}`);
      created.push((answer.body as { id: string }).id);
    }
    const beyond = created[created.length - 1];
    const read = await call('GET', `${baseUrl}/items/${beyond}`, bearer);
    const hidden = (await allPages(`${baseUrl}/items/inactive`, bearer)).some((i) => i.id === beyond);
    const flag = (read.body as { inactive?: { flag?: unknown } }).inactive?.flag;
    if (!hidden || flag !== true) throw new Unexpected(`the create beyond the quota is not hidden (in /items/inactive: ${hidden}; inactive.flag: ${String(flag)})`);
    ok(`${available} free slot(s) filled; create #${available + 1} answered 201 and the item is inactive ({flag: true}, listed in /items/inactive)`);

    // 3. A signed notification and its retry.
    const webhook = await call('POST', `${baseUrl}/webhooks`, bearer, { url: `${local.base}/notifications?user=${account.username}`, events: ['ITEM_INACTIVATED'] });
    expectStatus(webhook, (s) => s === 201, 'POST /webhooks');
    const { id, token } = webhook.body as { id: string; token: string };
    webhookId = id;
    const active = created[0];
    if (available === 0) throw new Unexpected('the account had no free slot: nothing active of ours to inactivate');
    local.answers.push(500);
    expectStatus(await call('PUT', `${baseUrl}/items/${active}/inactivate`, bearer), (s) => s >= 200 && s < 300, `PUT /items/${active}/inactivate`);
    const ours = () => local.deliveries.filter((d) => d.raw.includes(active));
    if (!(await waitUntil(() => ours().length >= 1, WAIT_MS))) throw new Unexpected(`no ITEM_INACTIVATED notification in ${WAIT_MS} ms`);
    const [first] = ours();
    const a = JSON.parse(first.raw) as { id: string; type: string; data: { item_id: string } };
    if (a.type !== 'ITEM_INACTIVATED' || a.data.item_id !== active) throw new Unexpected(`the notification reads ${first.raw.slice(0, 200)}`);
    if (!first.path.includes(`user=${account.username}`)) throw new Unexpected(`the notification came to ${first.path}, without the subscribed query`);
    if (!signatureValid(first, token)) throw new Unexpected('the notification signature does not verify under the webhook token');
    // The spec shows no retry schedule: a server that retries later than we wait is not wrong, so we only say so.
    if (await waitUntil(() => ours().length >= 2, WAIT_MS)) {
      const retry = ours()[1];
      if ((JSON.parse(retry.raw) as { id: string }).id !== a.id) throw new Unexpected('the retry carries another notification id');
      if (!signatureValid(retry, token)) throw new Unexpected('the retry signature does not verify under the webhook token');
      if (first.headers['x-service-timestamp'] === retry.headers['x-service-timestamp']) throw new Unexpected('the retry repeats the X-Service-Timestamp');
      ok('ITEM_INACTIVATED arrived signed; after our 500 it came again with the same id, a new timestamp and a valid signature');
    } else ok(`ITEM_INACTIVATED arrived signed; no retry after our 500 within ${WAIT_MS} ms (the spec shows no retry schedule)`);

    // 4. Refresh-token reuse revokes a direct-integrator session.
    const controlUrl = setting('SC_CONTROL_URL').replace(/\/$/, '');
    const direct = await call('POST', `${controlUrl}/direct-sessions`, setting('SC_CONTROL_TOKEN'), { username: account.username });
    expectStatus(direct, (s) => s >= 200 && s < 300, 'POST /direct-sessions (control API)');
    const original = (direct.body as { refresh_token: string }).refresh_token;
    const rotated = await tokenRequest(client, { grant_type: 'refresh_token', refresh_token: original });
    const newer = rotated.body.refresh_token;
    if (rotated.status !== 200 || typeof newer !== 'string' || newer === original) throw new Unexpected(`the refresh answered ${rotated.status} without a new refresh token`);
    const replay = await tokenRequest(client, { grant_type: 'refresh_token', refresh_token: original });
    const after = await tokenRequest(client, { grant_type: 'refresh_token', refresh_token: newer });
    if (replay.body.error !== 'invalid_grant' || after.body.error !== 'invalid_grant') {
      throw new Unexpected(`replaying the rotated-away refresh token answered ${replay.status} ${String(replay.body.error)}; the newest one then ${after.status} ${String(after.body.error)}`);
    }
    ok('a refresh rotated the token; replaying the old one answered invalid_grant and revoked the session (its newest token too)');
  } finally {
    // 5. Remove what we created; nothing else in the account is touched.
    let removed = 0;
    for (const item of created) {
      // Success statuses of DELETE are not shown by the spec: any 2xx.
      const status = (await call('DELETE', `${baseUrl}/items/${item}`, bearer).catch(() => undefined))?.status ?? 0;
      if (status >= 200 && status < 300) removed++;
    }
    if (webhookId) await call('DELETE', `${baseUrl}/webhooks/${webhookId}`, bearer).catch(() => undefined);
    await local.close();
    console.log(`  cleaned up: ${removed}/${created.length} item(s)${webhookId ? ' and the webhook' : ''} deleted`);
  }
}

main().then(
  () => console.log('sandbox-client: the whole story worked'),
  (err: unknown) => {
    const known = err instanceof Unexpected || (err instanceof Error && err.name === 'TimeoutError');
    console.error(`✗ sandbox-client: ${err instanceof Error ? err.message : String(err)}${known ? '' : ' (unexpected: a bug of this example?)'}`);
    process.exit(1);
  },
);
