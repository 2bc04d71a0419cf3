import { optionsFromEnv, referenceDebug } from './config.js';
import { exportLines } from './export-lines.js';
import { startReference } from './server.js';
import { exitOnHelp } from '../lib/cli-help.js';
import { onAncestorGone } from '../lib/stop-with-parent.js';

/**
 * `npm run reference`: starts the embedded reference on REFERENCE_PORT (default
 * 4010) and prints the settings that point the suite at it (TARGET.md), one
 * `export SC_…='…'` line each, so `eval "$(npm run -s reference)"` style use works.
 */

async function main(): Promise<void> {
  exitOnHelp(`usage: npm run reference   (installed: seller-connect-conformance reference)

Starts the embedded reference server, a sandbox of the Seller Connect API, on 127.0.0.1
(REFERENCE_PORT, default 4010; 0: any free port) and prints the settings that point the
suite or a client at it, one export line each: eval "$(npm run -s reference)" style use works.
Its own settings: REFERENCE_PORT, REFERENCE_DEFECT, REFERENCE_VARIANTS, REFERENCE_EVASIONS,
… (docs/SANDBOX.md). Stops on Ctrl-C, SIGTERM or SIGHUP, and when the
process that started it ends (kill of npx's or npm's PID frees the port within a few seconds).`);
  let reference: Awaited<ReturnType<typeof startReference>>;
  try {
    const options = optionsFromEnv();
    reference = await startReference(options);
  } catch (err) {
    // A bad setting or a busy port: one line, no stack trace.
    const message = err instanceof Error ? err.message : String(err);
    const code = (err as NodeJS.ErrnoException).code;
    console.error(`reference: ${code === 'EADDRINUSE' ? `port in use: ${message}` : message}`);
    process.exit(code === 'EADDRINUSE' ? 1 : 2);
  }
  const lines = exportLines(reference);
  const { defect, variants } = reference.options;
  const flavour = [defect ? `defect ${defect}` : 'faithful', ...variants.map((v) => `variant ${v}`)].join(', ');
  const origin = reference.baseUrl.replace(/\/api$/, '');
  const plans = (plan: string) => reference.accounts.filter((a) => a.plan === plan).map((a) => a.username).join(' ');
  console.log(
    [
      ...lines,
      `# reference ready on ${origin} (${flavour})`,
      `# API ${reference.baseUrl} · identity provider ${reference.authUrl} · control API ${reference.controlUrl}`,
      `# accounts: ${plans('pro')} (pro) · ${plans('basic')} (basic); their passwords are in SC_ACCOUNTS above`,
      `# pid ${process.pid}: stop it with Ctrl-C or kill ${process.pid}; it also stops when the command that started it (npx, npm run) ends`,
    ].join('\n'),
  );

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void reference.close().then(() => process.exit(0));
    // Never hang on the way out.
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.once('SIGHUP', stop);
  // npx and npm do not pass a SIGTERM on to this process (lib/stop-with-parent.ts): their end stops it too.
  onAncestorGone(stop, 500);
  // A stray exception in a timer (a webhook retry, an image fetch) must not take the
  // whole target down in the middle of a conformance run: say it, keep serving.
  process.on('uncaughtException', (err) => {
    const detail = referenceDebug() ? ` ${err.stack}` : ' (REFERENCE_DEBUG=1 shows the stack)';
    console.error(`reference: uncaught ${err.name}${detail}`);
  });
}

void main();
