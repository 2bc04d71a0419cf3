/**
 * Collects problems per requirement while one provoked notification is judged
 * on several rules, then fails once naming exactly the requirements broken.
 * One event, many rules: a real target pays for one item per check, not one per rule.
 */
import { test } from '@playwright/test';
import { fail, mask } from '../../../fixtures/index.js';
import type { NotificationRequest } from './notification-checks.js';

export class Problems {
  private readonly byRequirement = new Map<string, string[]>();

  add(requirement: string, problems: readonly string[]): void {
    if (problems.length === 0) return;
    this.byRequirement.set(requirement, [...(this.byRequirement.get(requirement) ?? []), ...problems]);
  }

  get empty(): boolean {
    return this.byRequirement.size === 0;
  }

  /** Fails (with evidence and the deliveries attached, masked) unless no problem was added. */
  async assertNone(title: string, expected: string, deliveries: readonly NotificationRequest[] = []): Promise<void> {
    if (this.empty) return;
    if (deliveries.length > 0) await attachDeliveries(deliveries);
    const actual = [...this.byRequirement].map(([id, list]) => `[${id}] ${[...new Set(list)].join('; ')}`).join(' | ');
    await fail(test.info(), { title, requirements: [...this.byRequirement.keys()], expected, actual });
  }
}

/**
 * The deliveries as evidence: method, request target, headers and body, every
 * secret masked (the token never travels in a notification, but a target could
 * echo one in a body; the mask hides any registered or structural secret).
 */
export async function attachDeliveries(deliveries: readonly NotificationRequest[]): Promise<void> {
  const view = deliveries.map((d) => ({ at: d.at, method: d.method, url: d.url, headers: d.headers, body: d.body.toString('utf8').slice(0, 4000) }));
  await test.info().attach('deliveries', { body: mask(JSON.stringify(view, null, 2)), contentType: 'application/json' });
}
