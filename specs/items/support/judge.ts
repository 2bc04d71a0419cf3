/**
 * How the support modules pass judgement, injected so that the model, its
 * commands and the API helpers stay plain classes over interfaces: the specs
 * hand in the harness's assertions (fixtures/assertions.ts, findings.ts).
 */
import type { Exchange } from '../../../fixtures/exchange.js';

export type StatusExpectation = number | readonly number[] | '2xx' | '4xx';

export interface Facts {
  title: string;
  requirements: string[];
  expected: string;
  actual: string;
  exchange?: Exchange;
}

export interface Judge {
  /** Fails with evidence unless the status matches. */
  status(res: Exchange, expected: StatusExpectation, requirements: string[], title?: string): Promise<void>;
  /** Fails with evidence unless the condition holds. */
  verify(condition: boolean, facts: Facts): Promise<void>;
  /** A SHOULD-level finding: reported, never a failure. */
  finding(requirement: string, message: string): void;
}
