import type { RunningReference } from './server.js';

/**
 * The settings that point the suite (or a client of one's own) at a running reference, as TARGET.md names
 * them, one `export SC_…='…'` line each: what `npm run reference` and the oidc lane's `interop/oidc/main.ts` print.
 */
export function exportLines(reference: Pick<RunningReference, 'baseUrl' | 'authUrl' | 'clientId' | 'clientSecret' | 'redirectUri' | 'accounts' | 'controlUrl' | 'controlToken'>): string[] {
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
  return Object.entries(settings).map(([name, value]) => `export ${name}=${shellQuote(value)}`);
}

/** Single-quotes a value for a POSIX shell. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
