/**
 * The owner's readings of a resource a bearer probe aims at: whether it is
 * there, and the facts a served write would change (an item's title, price,
 * inactive flag and images; a webhook's url, events and token; a request's or
 * transaction's state fields). Two readings compare equal when the resource is
 * there both times with the same facts. The spec shows few fields of these
 * resources, so facts are only the fields it names and, where a record has
 * them, fields that read as a state (status, state, tracking status, reserved,
 * sold): a field that changes on a read alone (a counter, a clock) is never
 * compared. A token is compared, never shown.
 */
import type { ApiResponse } from '../../../fixtures/index.js';

export interface Reading {
  /** The owner's read (a list for a webhook). */
  res: ApiResponse;
  /** The resource is not there: its read answered 404 or 410 (unlisted, for a webhook). */
  gone: boolean;
  /** What a served write would change, by name. */
  facts: Record<string, unknown>;
}

/** Statuses of a read that say the resource is not there. */
export const isGoneStatus = (status: number): boolean => status === 404 || status === 410;

const STATE_FIELD = /^(status|state|tracking_?status|trackingStatus|reserved|sold)$/i;

/** Every field anywhere in the JSON whose name reads as a state, as `path=value` (sorted: the order of keys is no fact). */
export function stateFacts(json: unknown, at = ''): string[] {
  const out: string[] = [];
  if (Array.isArray(json)) {
    for (const [i, v] of json.entries()) out.push(...stateFacts(v, `${at}[${i}]`));
  } else if (json !== null && typeof json === 'object') {
    for (const [key, value] of Object.entries(json)) {
      const path = at === '' ? key : `${at}.${key}`;
      if (STATE_FIELD.test(key) && (value === null || typeof value !== 'object')) out.push(`${path}=${JSON.stringify(value)}`);
      else out.push(...stateFacts(value, path));
    }
  }
  return out.sort();
}

/** The names of the facts that differ between two readings ('gone' when the resource left). */
export function changedFacts(before: Reading, after: Reading): string[] {
  if (after.gone !== before.gone) return [after.gone ? 'gone' : 'back'];
  const names = new Set([...Object.keys(before.facts), ...Object.keys(after.facts)]);
  return [...names].filter((name) => JSON.stringify(before.facts[name]) !== JSON.stringify(after.facts[name])).sort();
}

/** A reading for a failure message: its status and facts, a token shown as *** (a secret is never printed). */
export function describeReading(reading: Reading): string {
  if (reading.gone) return `gone (the owner's read: ${reading.res.status}${reading.res.status < 300 ? ', not listed' : ''})`;
  const shown = Object.entries(reading.facts).map(([name, value]) => `${name}: ${name === 'token' ? '***' : JSON.stringify(value)}`);
  return shown.join(', ') || 'there';
}
