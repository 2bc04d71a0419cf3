/**
 * The bearer probes of the operations on one resource of the account (an
 * item, a webhook, a shipping request, a transaction, a dispute), one
 * operation after another, so that a run makes one resource where each
 * operation would otherwise make its own (the run's footprint,
 * docs/FIXTURES.md). For each operation, in order:
 *
 * 1. the owner reads the resource: it is there, and the account's (a set-up
 *    read: its failure is charged to the read's own rule);
 * 2. the request without a bearer, then with a bogus one (bearer-probe.ts):
 *    answered below 400, it fails at once; after each, for a write, the owner
 *    reads the resource back, which must be unchanged (a server that applies
 *    a write and then answers 401 breaks the rule too);
 * 3. the control, the same request with the owner's token, last: for a write
 *    it changes the resource, and moves it to the state the next operation
 *    applies to (reserved before unreserve, hidden before activate). The
 *    refusals are judged against it.
 *
 * Operations that end the resource (a sale and a delete) are probed together:
 * both probes while it is still there, then both controls. A resource lost to
 * a request without a valid bearer (served, or refused once applied: already
 * failed) judges nothing more: the operations left are recorded not
 * exercised, never charged to the read's rule.
 */
import { test } from '@playwright/test';
import { type ApiResponse, notExercised, recordNotExercised, setUp, soft } from '../../../fixtures/index.js';
import { fillPath, operation, type Operation } from '../../../schemas/operations.js';
import { idsFor, judgeRefusalSoftly, type ProbeRequest, UNJUDGED_PROBE, WITHOUT_VALID_BEARER, withoutBearer } from './bearer-probe.js';
import type { OwnerContext } from './owner-account.js';
import { changedFacts, describeReading, type Reading } from './readings.js';

/** One operation of a chain: its operationId, the resource's ids for its path, a body valid for it. */
export interface ChainStep {
  operationId: string;
  values: Record<string, string>;
  body?: unknown;
}

/** What a probed operation made: its control's answer, and the answers served without a valid bearer (each already failed). */
export interface Probed {
  control: ApiResponse;
  served: ApiResponse[];
}

/** The answer that made something (a 2xx): the control's, else one served without a valid bearer (it made it all the same). */
export const madeBy = (probed: Probed | undefined): ApiResponse | undefined => (probed ? [probed.control, ...probed.served].find((r) => r.status >= 200 && r.status <= 299) : undefined);

interface Refusal {
  res: ApiResponse;
  requirements: string[];
  title: string;
}

/** Every rule a probe of the operation judges, both ways without a valid bearer. */
const allIds = (op: Operation): string[] => [...new Set(WITHOUT_VALID_BEARER.flatMap((way) => idsFor(way.base, op)))];

/** An operation that cannot be probed (no resource to aim at): its rules recorded not exercised (or not applicable), with why. */
export function unprobed(operationId: string, outcome: string): void {
  recordNotExercised(allIds(operation(operationId)), outcome);
}

export class ProbeChain {
  /** Why the chain judges nothing more (a resource lost to a request served without a bearer). */
  private stopped: string | undefined;

  constructor(
    private readonly ctx: OwnerContext,
    /** The owner's reading of the resource. */
    private readonly read: () => Promise<Reading>,
    /** The rules of that read (a set-up step's). */
    private readonly readRules: string[],
    /** The resource, in the set-up read's title. */
    private readonly what: string,
  ) {}

  /** Probes one operation; what it made, or undefined when the chain judges nothing more. */
  async one(step: ChainStep): Promise<Probed | undefined> {
    return (await this.together([step]))[0];
  }

  /** Probes the operations while the resource is as it is, then sends their controls in order. */
  async together(steps: ChainStep[]): Promise<(Probed | undefined)[]> {
    const planned = steps.map((s) => {
      const op = operation(s.operationId);
      return { op, call: { method: op.method, path: fillPath(op, s.values), body: s.body } as ProbeRequest };
    });
    if (this.stopped !== undefined) {
      for (const { op } of planned) recordNotExercised(allIds(op), this.stopped);
      return planned.map(() => undefined);
    }
    let before = await this.read();
    await setUp.verify(!before.gone, { title: `the owner reads ${this.what}`, requirements: this.readRules, expected: 'there', actual: describeReading(before), exchange: before.res });
    const probed: { op: Operation; call: ProbeRequest; refusals: Refusal[]; served: ApiResponse[] }[] = [];
    for (const { op, call } of planned) {
      const refusals: Refusal[] = [];
      const served: ApiResponse[] = [];
      for (const way of WITHOUT_VALID_BEARER) {
        const requirements = idsFor(way.base, op);
        const title = `${op.method} ${op.path} ${way.what} is refused`;
        const res = await this.ctx.api.request(null, withoutBearer(call, way.bearer()));
        if (res.status < 400) {
          served.push(res);
          await soft.expectStatus(res, '4xx', requirements, title);
        } else refusals.push({ res, requirements, title });
        if (op.method !== 'GET') before = await this.readBack(before, requirements, title);
      }
      probed.push({ op, call, refusals, served });
    }
    const made: Probed[] = [];
    for (const { call, refusals, served } of probed) {
      const control = await this.ctx.api.request(this.ctx.session, { ...call, ...UNJUDGED_PROBE });
      for (const r of refusals) await judgeRefusalSoftly(control, r.res, r.requirements, r.title);
      made.push({ control, served });
    }
    return made;
  }

  /** The owner's read-back after a write without a valid bearer: unchanged, or it breaks the probe's rules. The new reading. */
  private async readBack(before: Reading, requirements: string[], title: string): Promise<Reading> {
    const after = await test.step('the owner reads the resource back', () => this.read());
    const changed = changedFacts(before, after);
    await soft.verify(changed.length === 0, {
      title: `${title} and leaves the resource unchanged (the owner's read-back)`,
      requirements,
      expected: describeReading(before),
      actual: `${describeReading(after)} (changed: ${changed.join(', ')})`,
      exchange: after.res,
    });
    if (after.gone) this.stopped = notExercised('target_state', `${this.what} was removed by a request sent without a valid bearer (${title})`);
    return after;
  }
}
