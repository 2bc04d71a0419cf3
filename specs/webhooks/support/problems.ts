/**
 * Collects what one provoked notification shows, per requirement, while it is
 * judged on several rules, then settles each rule on its own: a pass for every
 * rule judged without a problem, a failure with its own evidence for each rule
 * broken (charged to that rule alone). One event, many rules: a real target
 * pays for one item per check, not one per rule.
 */
import { test } from '@playwright/test';
import { DELIVERIES_ATTACHMENT, type Delivery, mask, recordFinding, soft } from '../../../fixtures/index.js';
import type { NotificationRequest } from './notification-checks.js';

export class Problems {
  private readonly byRequirement = new Map<string, string[]>();
  private readonly observed = new Map<string, string[]>();

  /** Records that `requirement` was judged; `problems` empty means it held. */
  add(requirement: string, problems: readonly string[]): void {
    this.byRequirement.set(requirement, [...(this.byRequirement.get(requirement) ?? []), ...problems]);
  }

  /**
   * Records that a SHOULD `requirement` was looked at where the spec allows the
   * choice (a variant makes it): its problems become a finding, never a failed
   * assertion; none, a pass.
   */
  observe(requirement: string, problems: readonly string[]): void {
    this.observed.set(requirement, [...(this.observed.get(requirement) ?? []), ...problems]);
  }

  get empty(): boolean {
    return [...this.byRequirement.values()].every((list) => list.length === 0);
  }

  /**
   * Settles every judged requirement through the one soft assertion, `soft.verify`
   * (the check goes on, and fails at its end naming each broken rule), and every
   * observed one as a finding or a pass. The deliveries are attached, masked, when
   * a rule broke or a finding was recorded.
   */
  async settle(title: string, expected: string, deliveries: readonly NotificationRequest[] = []): Promise<boolean> {
    for (const [id, list] of this.byRequirement) {
      await soft.verify(list.length === 0, { title: `${title}: ${id}`, requirements: [id], expected, actual: [...new Set(list)].join('; ') });
    }
    for (const [id, list] of this.observed) {
      if (list.length > 0) recordFinding(test.info(), { requirement: id, message: `${title}: ${[...new Set(list)].join('; ')}` });
      else await soft.verify(true, { title: `${title}: ${id}`, requirements: [id], expected, actual: 'as expected' });
    }
    const findings = [...this.observed.values()].some((list) => list.length > 0);
    if ((!this.empty || findings) && deliveries.length > 0) await attachDeliveries(deliveries);
    return this.empty;
  }
}

/**
 * The deliveries as evidence: method, request target, headers and body, every
 * secret masked (the token never travels in a notification, but a target could
 * echo one in a body; the mask hides any registered or structural secret).
 */
export async function attachDeliveries(deliveries: readonly NotificationRequest[]): Promise<void> {
  const view: Delivery[] = deliveries.map((d) => ({ at: d.at, method: d.method, url: d.url, headers: d.headers, body: d.body.toString('utf8').slice(0, 4000) }));
  await test.info().attach(DELIVERIES_ATTACHMENT, { body: mask(JSON.stringify(view, null, 2)), contentType: 'application/json' });
}
