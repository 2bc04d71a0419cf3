/**
 * `seller-connect-conformance images [--listen host:port]`: the suite's image host alone
 * (suite-server/image-host.ts: /images/valid.jpg, photo.png, huge.jpg, redirect.jpg, missing.jpg,
 * gone.jpg, stall.jpg, served/…), so that a reproduce line whose body names an image of a run
 * (gone with the run) runs again: the line says which address to serve it on
 * (transport/exchange.ts curlFor). It stops with Ctrl-C, SIGTERM, or the command that started it.
 */
import { createServer } from 'node:http';
import { exitOnHelp } from '../lib/cli-help.js';
import { onAncestorGone } from '../lib/stop-with-parent.js';
import { serveImage } from '../suite-server/image-host.js';

const USAGE = `usage: seller-connect-conformance images [--listen <host>:<port>]

Serves the suite's test images (/images/valid.jpg, /images/photo.png, …) on that address
(default 127.0.0.1:0, a free port), as a run's image host did: a reproduce line whose body
names one says the address to give here. It prints the address, and stops with Ctrl-C, a
SIGTERM, or the command that started it.`;

function listenArg(argv: readonly string[]): { host: string; port: number } | undefined {
  const i = argv.findIndex((a) => a === '--listen' || a.startsWith('--listen='));
  const raw = i < 0 ? '127.0.0.1:0' : argv[i].includes('=') ? argv[i].slice('--listen='.length) : argv[i + 1];
  const m = /^(.+):(\d{1,5})$/.exec(raw ?? '');
  return m && Number(m[2]) < 65536 ? { host: m[1], port: Number(m[2]) } : undefined;
}

function main(): void {
  exitOnHelp(USAGE);
  const at = listenArg(process.argv.slice(2));
  if (!at) {
    console.error('images: --listen: expected <host>:<port>, e.g. 127.0.0.1:4011');
    process.exitCode = 2;
    return;
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://images').pathname;
    if (!serveImage(req, res, path)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not an image of the suite\n');
    }
  });
  const stop = () => {
    server.close();
    server.closeAllConnections();
  };
  server.on('error', (error) => {
    console.error(`images: cannot listen on ${at.host}:${at.port}: ${error.message}`);
    process.exitCode = 2;
  });
  server.listen(at.port, at.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : at.port;
    console.log(`# images on http://${at.host}:${port}/images/valid.jpg (and photo.png, huge.jpg, redirect.jpg, missing.jpg, gone.jpg, stall.jpg)`);
    console.log(`# pid ${process.pid}: stop it with Ctrl-C or kill ${process.pid}; it also stops when the command that started it ends`);
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  onAncestorGone(stop, 500);
}

main();
