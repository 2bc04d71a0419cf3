import { createServer } from 'node:net';

/**
 * A loopback port nothing listens on right now: for a URL that must refuse
 * connections (a closed target), or a port to hand a process that prints it
 * back. Not held: a process of its own that must never collide starts on port 0
 * and reports the port it got (playwright.config.ts, tests/support/external-reference.ts).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free loopback port'))));
    });
  });
}
