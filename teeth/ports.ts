/**
 * Ports for the references the runs start. Two runs must never share one: a
 * Playwright webServer that finds its port answering takes someone else's
 * reference for its own, and its checks then run against the wrong defect. So a
 * port is leased: free when tested, and held by a lock file (with the holder's
 * pid) that every kill-matrix or flakiness process on this machine respects,
 * until the run ends. Without a preferred port, ports are drawn at random from a
 * range below Linux's ephemeral ports and away from the usual fixed ones.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LOCK_DIR = join(tmpdir(), 'sc-teeth-ports');
const RANDOM_FROM = 20_000;
const RANDOM_TO = 30_000;

function listenOn(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });
}

/** True when something accepts connections on the port (a reference a killed run left behind). */
export async function portInUse(port: number): Promise<boolean> {
  return (await listenOn(port)) === undefined;
}

/** `preferred` when nothing listens on it, otherwise (or without one) a port the system picks. No lease: for one-off runs. */
export async function freePort(preferred = 0): Promise<number> {
  const port = (await listenOn(preferred)) ?? (await listenOn(0));
  if (port === undefined) throw new Error('no free loopback port');
  return port;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock of a port, or false when a live process holds it; a dead holder's lock is taken over. */
function lock(port: number): boolean {
  mkdirSync(LOCK_DIR, { recursive: true });
  const file = join(LOCK_DIR, `${port}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return true;
    } catch {
      const holder = Number(readFileSync(file, 'utf8').trim() || Number.NaN);
      if (Number.isInteger(holder) && alive(holder)) return false;
      rmSync(file, { force: true }); // stale: its holder is gone
    }
  }
  return false;
}

export interface PortLease {
  port: number;
  release(): void;
}

/**
 * A port no other lease holds and nothing listens on: `preferred` if it qualifies,
 * else a random one. Release it when the run that used it has ended.
 */
export async function leasePort(preferred?: number): Promise<PortLease> {
  const candidates = preferred === undefined ? [] : [preferred];
  for (let i = 0; i < 50; i++) candidates.push(RANDOM_FROM + Math.floor(Math.random() * (RANDOM_TO - RANDOM_FROM)));
  for (const port of candidates) {
    if (!lock(port)) continue;
    const release = () => rmSync(join(LOCK_DIR, `${port}.lock`), { force: true });
    if (await portInUse(port)) {
      release();
      continue;
    }
    return { port, release };
  }
  throw new Error('no free loopback port to lease');
}
