/**
 * `seller-connect-conformance token --account <username>`: a fresh access token for one
 * account of SC_ACCOUNTS, through the same login as a run (SC_LOGIN form or browser, PKCE,
 * the code exchange: sessions/open-session.ts), printed alone on stdout, so a reproduce
 * line of the reports runs as printed:
 *
 *   SC_ACCESS_TOKEN=$(npx seller-connect-conformance token --account pro-1) && curl … -H "Authorization: Bearer $SC_ACCESS_TOKEN"
 *
 * The token goes to stdout and nowhere else: no file, no log; every error line on stderr
 * is masked. Bounded: the login and the exchange together within TOKEN_DEADLINE_MS.
 * Exit 0 with the token; 1 when the login or the exchange failed; 2 for a bad setting or argument.
 */
import { exitOnHelp } from '../lib/cli-help.js';
import { mask } from '../lib/secrets.js';
import { defaultAuthorize } from '../lifecycle/preflight-logins.js';
import { openAggregatorSession } from '../sessions/open-session.js';
import { readCurrentSettings } from '../settings/settings.js';
import { servedTarget } from '../transport/served-target.js';

/** A hang guard for the whole login, not a timer: a browser login takes a few seconds. */
const TOKEN_DEADLINE_MS = 60_000;

const USAGE = `usage: seller-connect-conformance token --account <username>

Prints a fresh access token for the account <username> of SC_ACCOUNTS, through the same
login as a run (SC_LOGIN, SC_AUTH_URL, SC_CLIENT_ID, SC_CLIENT_SECRET, SC_REDIRECT_URI), on
stdout alone, for the reproduce lines of the reports:

  SC_ACCESS_TOKEN=$(npx seller-connect-conformance token --account pro-1) && curl … -H "Authorization: Bearer $SC_ACCESS_TOKEN"

Exit 0 with the token · 1 the login failed · 2 a bad setting or argument.`;

function accountArg(argv: readonly string[]): string | undefined {
  const i = argv.findIndex((a) => a === '--account' || a.startsWith('--account='));
  if (i < 0) return undefined;
  return (argv[i].includes('=') ? argv[i].slice('--account='.length) : argv[i + 1])?.trim() || undefined;
}

async function main(): Promise<number> {
  exitOnHelp(USAGE);
  const name = accountArg(process.argv.slice(2));
  if (!name) {
    console.error('token: --account <username> is required (an account of SC_ACCOUNTS)');
    return 2;
  }
  const { settings, problems } = readCurrentSettings();
  if (problems.length) {
    console.error(`token: ${mask(problems[0].message)}`);
    return 2;
  }
  if (settings.embedded) {
    console.error('token: SC_BASE_URL is unset, and the embedded reference stops with its run: start the sandbox (npx seller-connect-conformance reference) and export the lines it prints, or set your server’s SC_ settings');
    return 2;
  }
  const account = settings.accounts.find((a) => a.username === name);
  if (!account) {
    console.error(`token: no account '${name}' in SC_ACCOUNTS (it has: ${settings.accounts.map((a) => a.username).join(', ') || 'none'})`);
    return 2;
  }
  const { authorize, close } = defaultAuthorize(settings);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the login of ${name} did not finish within ${TOKEN_DEADLINE_MS / 1000} s`)), TOKEN_DEADLINE_MS);
  });
  try {
    const session = await Promise.race([openAggregatorSession(servedTarget(settings, undefined), account, authorize), late]);
    process.stdout.write(`${session.accessToken}\n`);
    return 0;
  } catch (error) {
    console.error(`token: ${mask((error as Error).message.split('\n')[0])}`);
    return 1;
  } finally {
    clearTimeout(timer);
    await close();
  }
}

process.exitCode = await main();
