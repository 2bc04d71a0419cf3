/**
 * The commands gathered into one `fc.commands` arbitrary (fast-check's
 * model-based layout), plus a fixed scenario run first as an example, so that
 * every rule of the quota is exercised on every run whatever the seed draws.
 */
import fc from 'fast-check';
import { ActivateCommand } from './commands/activate.js';
import { CreateCommand } from './commands/create.js';
import { DeleteCommand } from './commands/delete.js';
import { InactivateCommand } from './commands/inactivate.js';
import { ListInactiveCommand } from './commands/list-inactive.js';
import { ReadLimitsCommand } from './commands/read-limits.js';
import { ReserveCommand } from './commands/reserve.js';
import { SoldCommand } from './commands/sold.js';
import { UnreserveCommand } from './commands/unreserve.js';
import type { QuotaModel } from './model.js';
import type { QuotaReal } from './real.js';

export type QuotaCommand = fc.AsyncCommand<QuotaModel, QuotaReal>;

const pick = fc.nat({ max: 20 });

/** Create is listed three times (the quota is only reached by creating) and Activate twice (refused when it is reached). */
export function quotaCommands(maxCommands: number, replayPath?: string): fc.Arbitrary<Iterable<QuotaCommand>> {
  return fc.commands<QuotaModel, QuotaReal, false>(
    [
      fc.constant(new CreateCommand()),
      fc.constant(new CreateCommand()),
      fc.constant(new CreateCommand()),
      pick.map((p) => new InactivateCommand(p)),
      pick.map((p) => new ActivateCommand(p)),
      pick.map((p) => new ActivateCommand(p)),
      pick.map((p) => new SoldCommand(p)),
      pick.map((p) => new DeleteCommand(p)),
      pick.map((p) => new ReserveCommand(p)),
      pick.map((p) => new UnreserveCommand(p)),
      fc.constant(new ReadLimitsCommand()),
      fc.constant(new ListInactiveCommand()),
    ],
    { maxCommands, replayPath },
  );
}

/**
 * How many Create commands run before the drawn ones: most rules of the quota
 * only show once it is reached, which a short random sequence rarely does by
 * itself. Drawn often as all the free slots; shrinks toward none.
 */
export class Fill {
  constructor(readonly creates: number) {}

  commands(): QuotaCommand[] {
    return Array.from({ length: this.creates }, () => new CreateCommand());
  }

  [fc.toStringMethod](): string {
    return `Fill(${this.creates} × Create)`;
  }

  toString(): string {
    return this[fc.toStringMethod]();
  }
}

export function fillArb(freeSlots: number): fc.Arbitrary<Fill> {
  return fc.oneof(fc.constant(freeSlots), fc.integer({ min: 0, max: freeSlots })).map((n) => new Fill(n));
}

/**
 * Fill the free slots, then: a create beyond the quota (hidden), activate with
 * no slot (refused); sold, inactivate and delete each free the only free slot
 * and a create takes it (each rule's "a following create is active"); delete
 * frees one more and activate now succeeds; reserve/unreserve, lists.
 */
export function quotaScenario(freeSlots: number, pro: boolean): QuotaCommand[] {
  const fill = new Fill(Math.max(0, freeSlots)).commands();
  const proOnly = (...cmds: QuotaCommand[]) => (pro ? cmds : []);
  return [
    ...fill,
    new CreateCommand(),
    ...proOnly(new ActivateCommand(0)),
    new SoldCommand(0),
    new CreateCommand(),
    ...proOnly(new InactivateCommand(0), new CreateCommand()),
    new DeleteCommand(0),
    new CreateCommand(),
    new DeleteCommand(0),
    ...proOnly(new ActivateCommand(0)),
    new ReserveCommand(0),
    new ReadLimitsCommand(),
    new UnreserveCommand(0),
    new ListInactiveCommand(),
  ];
}
