import { startOidcLane } from './lane.js';

/**
 * `node --import tsx interop/oidc/main.ts`: starts the real identity provider
 * lane (lane.ts) on OS-picked loopback ports and prints the settings that point
 * the suite at it, one `export SC_…='…'` line each, then `# reference ready`, the
 * line tests/external-reference.ts waits for. Stops on SIGTERM or Ctrl-C.
 */

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

async function main(): Promise<void> {
  const lane = await startOidcLane();
  const { reference } = lane;
  const settings: Record<string, string> = {
    SC_BASE_URL: reference.baseUrl,
    SC_AUTH_URL: reference.authUrl,
    SC_CLIENT_ID: reference.clientId,
    SC_CLIENT_SECRET: reference.clientSecret,
    SC_REDIRECT_URI: reference.redirectUri,
    SC_ACCOUNTS: JSON.stringify(reference.accounts),
    SC_CONTROL_URL: reference.controlUrl,
    SC_CONTROL_TOKEN: reference.controlToken,
  };
  const lines = Object.entries(settings).map(([name, value]) => `export ${name}=${shellQuote(value)}`);
  console.log(`${lines.join('\n')}\n# reference ready on ${reference.baseUrl} with oidc-provider at ${lane.authUrl}`);
  const stop = () => {
    void lane.close().then(() => process.exit(0));
    // Never hang on the way out.
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`oidc lane: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
});
