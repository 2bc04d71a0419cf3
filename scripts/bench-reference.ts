import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon, { type Result } from 'autocannon';
import { startExternalReference } from '../tests/support/external-reference.js';
import { login } from '../tests/reference/reference-login.js';
import { readCurrentSettings } from '../settings/settings.js';
import { exitOnHelp } from '../lib/cli-help.js';

/**
 * `npm run bench:reference`: throughput and p99 latency of the reference server
 * for GET /items/{id} and POST /items (image fetched from a local host).
 * The reference runs in its own process (as `npm run reference`), so it and
 * the load generator each get a core.
 *
 * Settings: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 32).
 */

exitOnHelp(`
usage: npm run bench:reference

Throughput and p99 latency of the reference for GET /items/{id} and POST /items.
Settings: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 32).
`);

const { seconds: SECONDS, connections: CONNECTIONS } = readCurrentSettings().settings.bench;

/** The smallest bytes the reference takes for a JPEG: SOI, a JFIF APP0 segment, EOI. */
const TINY_JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function itemPayload(imageUrl: string): string {
  return JSON.stringify({
    item: {
      category_leaf_id: '400',
      title: 'Benchmark book',
      description: 'A book listed by the benchmark',
      price: { cash_amount: 12.5, currency: 'EUR' },
      attributes: { condition: 'good' },
    },
    main_image: { url: imageUrl },
  });
}

function report(name: string, result: Result): void {
  const rps = Math.round(result.requests.average);
  console.log(
    `${name.padEnd(22)} ${String(rps).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   ` +
      `(${result['2xx']} 2xx, ${result.non2xx} other, ${result.errors} errors, ${result.timeouts} timeouts)`,
  );
}

async function main(): Promise<void> {
  const images = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': TINY_JPEG.length });
    res.end(TINY_JPEG);
  });
  const imageUrl = `http://127.0.0.1:${await listen(images)}/bench.jpg`;
  const { settings, stop } = await startExternalReference({ REFERENCE_PORT: '0' });
  try {
    const target = {
      authUrl: settings.SC_AUTH_URL,
      clientId: settings.SC_CLIENT_ID,
      clientSecret: settings.SC_CLIENT_SECRET,
      redirectUri: settings.SC_REDIRECT_URI,
    };
    const account = (JSON.parse(settings.SC_ACCOUNTS) as { username: string; password: string; plan: string }[]).find((a) => a.plan === 'pro');
    if (!account) throw new Error('no pro account in SC_ACCOUNTS');
    const { access_token } = await login(target, account);
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const created = await fetch(`${settings.SC_BASE_URL}/items`, { method: 'POST', headers, body: itemPayload(imageUrl) });
    const { id } = (await created.json()) as { id?: string };
    if (created.status !== 201 || !id) throw new Error(`POST /items answered ${created.status}`);

    console.log(`reference benchmark: ${CONNECTIONS} connections, ${SECONDS} s per operation`);
    const common = { connections: CONNECTIONS, duration: SECONDS, timeout: 10 };
    report('GET /items/{id}', await autocannon({ ...common, url: `${settings.SC_BASE_URL}/items/${id}`, headers }));
    // Beyond the account's limit a create still answers 201 (the item is inactive): every answer counts.
    report('POST /items', await autocannon({ ...common, url: `${settings.SC_BASE_URL}/items`, method: 'POST', headers, body: itemPayload(imageUrl) }));
  } finally {
    await stop();
    images.close();
  }
}

main().catch((err) => {
  console.error(`bench-reference: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
