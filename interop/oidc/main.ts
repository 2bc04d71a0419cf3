import { exportLines } from '../../reference/export-lines.js';
import { startOidcLane } from './oidc-lane.js';

/**
 * `node --import tsx interop/oidc/main.ts`: starts the real identity provider
 * lane (lane.ts) on OS-picked loopback ports and prints the settings that point
 * the suite at it, one `export SC_…='…'` line each, then `# reference ready`, the
 * line tests/support/external-reference.ts waits for. Stops on SIGTERM or Ctrl-C.
 */


async function main(): Promise<void> {
  const lane = await startOidcLane();
  const { reference } = lane;
  const lines = exportLines(reference);
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
