/**
 * What the preflight found, as lines a person can act on: problems (each naming the
 * setting or the account, never a secret) and notes, and the short wording of an
 * error those lines quote (lifecycle/preflight.ts).
 */
import { networkInterfaces } from 'node:os';
import { HttpError } from '../lib/http.js';
import { mask } from '../lib/secrets.js';

/** The first line of an error, without the "login of <user>: " every LoginError starts with. */
export function firstLine(error: unknown, username?: string): string {
  const text = mask(String((error as Error)?.message ?? error)).split('\n')[0];
  return username ? text.replace(`login of ${username}: `, '') : text;
}

/** Why a transport failure happened, short: "ECONNREFUSED", "no answer within 15000 ms"… */
export function why(error: unknown): string {
  if (!(error instanceof HttpError)) return firstLine(error);
  const code = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ECONNRESET|UND_ERR_\w+)\b/.exec(error.message)?.[1];
  const plain: Record<string, string> = { ECONNREFUSED: 'connection refused', ENOTFOUND: 'host not found', EAI_AGAIN: 'host not found', EHOSTUNREACH: 'host unreachable', ENETUNREACH: 'network unreachable', ECONNRESET: 'connection reset' };
  if (error.kind === 'network' && code) return `${plain[code] ?? 'the request failed'} (${code})`;
  return error.message.replace(/^\S+ \S+: /, '');
}

export const path = (url: string): string => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

/** True when a URL's host is this machine (loopback, any address of an interface, localhost). */
export function isLocalHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host === '0.0.0.0' || host === '::' || host.startsWith('127.') || host === '::1') return true;
  return Object.values(networkInterfaces()).some((list) => (list ?? []).some((i) => i.address === host));
}

/** The preflight's problems (one line each, accounts failing alike named on one line) and notes. */
export class Findings {
  readonly problems: string[] = [];
  readonly notes: string[] = [];
  /** Accounts failing for the same reason, by the line with the account left out. */
  private readonly accounts = new Map<string, string[]>();

  /** `order`: the accounts as SC_ACCOUNTS lists them; a line naming several names them in that order, whatever order the logins ended in. */
  constructor(private readonly order: readonly string[] = []) {}

  problem(line: string): void {
    if (!this.problems.includes(line)) this.problems.push(line);
  }

  /** A line naming one account: several accounts failing the same way make one line naming them all. */
  accountProblem(line: string, username: string): void {
    const marker = `account '${username}'`;
    if (!line.includes(marker)) {
      this.problem(line);
      return;
    }
    const key = line.replace(marker, '\u0000');
    const names = this.accounts.get(key);
    if (!names) {
      this.accounts.set(key, [username]);
      this.problems.push(line);
      return;
    }
    const before = key.replace('\u0000', names.length === 1 ? `account '${names[0]}'` : `accounts ${names.map((n) => `'${n}'`).join(', ')}`);
    names.push(username);
    const rank = (n: string) => (this.order.includes(n) ? this.order.indexOf(n) : this.order.length);
    names.sort((a, b) => rank(a) - rank(b));
    const index = this.problems.indexOf(before);
    this.problems[index] = key.replace('\u0000', `accounts ${names.map((n) => `'${n}'`).join(', ')}`);
  }
}
