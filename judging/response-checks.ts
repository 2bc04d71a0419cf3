/**
 * The registered checks (CONTRIBUTING.md, after schemathesis' checks.py): named
 * functions the API client runs after every response where they apply, so no
 * test repeats them. Each names the catalog IDs it proves; its level comes
 * from the catalog (a MUST violation fails the test, a SHOULD one is recorded
 * as a finding), except `not-a-server-error`, which always fails: a 5xx is
 * never an acceptable answer to any check. Switch one off for a run with
 * SC_DISABLE_CHECKS=name,… or for one request with `skipChecks`.
 */
import { requirementById } from '../catalog/index.js';
import { validate } from '../schemas/index.js';
import { extractList } from '../schemas/lists.js';
import type { Operation } from '../schemas/operations.js';
import type { ResponseCheckName } from '../settings/response-check-names.js';
import { DOCUMENTED } from './documented.js';
import type { Exchange } from '../transport/exchange.js';
import { isThrottled } from '../transport/throttle-wait.js';

export { RESPONSE_CHECK_NAMES, type ResponseCheckName } from '../settings/response-check-names.js';
export { DOCUMENTED } from './documented.js';

export interface CheckContext {
  /** The operation of the OpenAPI document the request matched, if any. */
  operation?: Operation;
  exchange: Exchange;
}

export interface Violation {
  requirement: string;
  level: 'MUST' | 'SHOULD';
  title: string;
  expected: string;
  actual: string;
}

export interface ResponseCheck {
  name: ResponseCheckName;
  /** Catalog IDs this check proves (for documentation and the reporter). */
  requirements: string[];
  /** The MUST-level IDs it judges on this exchange: each passes unless `run` returns a violation of it. */
  judges(ctx: CheckContext): string[];
  run(ctx: CheckContext): Violation[];
}

const levelOf = (id: string): 'MUST' | 'SHOULD' => (requirementById(id)?.level === 'MUST' ? 'MUST' : 'SHOULD');

function violation(requirement: string, title: string, expected: string, actual: string, level = levelOf(requirement)): Violation {
  return { requirement, level, title, expected, actual };
}

const is2xx = (s: number) => s >= 200 && s <= 299;
const is4xx = (s: number) => s >= 400 && s <= 499;

/**
 * A refusal the error body is judged on: a 4xx, but not a 429. The spec says "Rate
 * limits on access tokens exist, but their values and response behaviour: not
 * shown", so a 429's body (a gateway's text, an empty one) is the server's choice
 * (variant throttle-36-text-body); the request it refused is waited out and sent again.
 */
const errorBodyJudged = (s: number) => is4xx(s) && s !== 429;

/**
 * A throttle's 503, with Retry-After (transport/throttle-wait.ts `isThrottled`): waited out and sent again like a 429;
 * one still there after the retries leaves its request's rule not exercised [rate_limited], so it judges no 5xx here.
 */
const serverErrorJudged = (ex: Exchange) => ex.status >= 500 && !isThrottled(ex);

/**
 * The refusals a throttle may answer too (the spec shows no rate-limit response): a 503 without Retry-After, a 403.
 * Their failures stand, but say which setting keeps the suite under a throttle it cannot tell from them.
 */
function throttleHint(status: number): string {
  return status === 503 || status === 403
    ? ` (if this ${status} is the server's rate limit, lower the suite's pace, SC_RATE_LIMIT; a 429, or a 503 with Retry-After, is waited out)`
    : '';
}

/** The request carried no credential the provider issued: its refusal is an authentication failure. */
function authenticationFailure(ex: Exchange): boolean {
  return ex.request.auth === 'none' || ex.request.auth === 'override' || ex.status === 401;
}

/**
 * Operations whose bodies carry `inactive` flags (of the item, or of each entry) that are left to
 * the checks that know the item's state: a wrong flag breaks ITEM-LIST-2 on a hidden item,
 * ITEM-LIST-4 or ITEM-READ-2 on an active one, which the response-schema check cannot tell apart.
 */
const FLAGS_JUDGED_ELSEWHERE: ReadonlySet<string> = new Set(['getItem', 'listItems', 'listInactiveItems']);

const opName = (op: Operation) => `${op.method} ${op.path}`;

/** A copy of an item or list body without `inactive` fields: on the item, or on each entry of the list (bare or wrapped). */
function withoutInactiveFlags(body: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  const strip = (v: unknown) => (isObject(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'inactive')) : v);
  if (Array.isArray(body)) return body.map(strip);
  if (!isObject(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'inactive').map(([k, v]) => [k, Array.isArray(v) ? v.map(strip) : v]));
}

export const RESPONSE_CHECKS: readonly ResponseCheck[] = [
  {
    name: 'not-a-server-error',
    requirements: ['GEN-ERR-3'],
    judges: ({ exchange }) => (exchange.status >= 500 && !serverErrorJudged(exchange) ? [] : ['GEN-ERR-3']),
    run: ({ exchange }) =>
      serverErrorJudged(exchange)
        ? [violation('GEN-ERR-3', 'the server answers without a server error', 'no 5xx (a 2xx, or a 4xx for a refused request)', `${exchange.status}${throttleHint(exchange.status)}`, 'MUST')]
        : [],
  },
  {
    name: 'error-body-shape',
    requirements: ['GEN-ERR-1', 'GEN-ERR-2'],
    // Only the items group's refusals of a valid bearer are held to the error body (see run); never a 429.
    judges: ({ operation, exchange }) => (errorBodyJudged(exchange.status) && operation?.group === 'items' && !authenticationFailure(exchange) ? ['GEN-ERR-1', 'GEN-ERR-2'] : []),
    run: ({ operation, exchange }) => {
      if (!errorBodyJudged(exchange.status) || !operation) return [];
      const shape = validate('error', exchange.json);
      const expected = 'a JSON object {code: string, message: non-empty string}';
      const found = exchange.json === undefined ? 'a body that is not JSON' : `a body failing the error schema: ${shape.errors.slice(0, 3).join('; ')}`;
      const actual = `${found}${throttleHint(exchange.status)}`;
      // The spec shows the error body for the items group only; for authentication
      // failures and the other groups it is "not shown" (GEN-ERR-5): a finding at most.
      if (operation.group !== 'items' || authenticationFailure(exchange)) {
        if (shape.valid) return [];
        const where = operation.group !== 'items' ? `the ${operation.group} group` : 'an authentication failure';
        return [violation('GEN-ERR-1', `a ${exchange.status} of ${where} (${opName(operation)}) carries the items group's error body`, expected, actual, 'SHOULD')];
      }
      if (!shape.valid) return [violation('GEN-ERR-1', `a ${exchange.status} of ${opName(operation)} carries the error body {code, message}`, expected, actual)];
      const code = (exchange.json as { code: string }).code;
      if (validate('error-code', code).valid) return [];
      return [violation('GEN-ERR-2', `the error code of a ${exchange.status} of ${opName(operation)} is one the spec shows`, 'one of the twelve codes of the spec', `code ${JSON.stringify(code)}`)];
    },
  },
  {
    name: 'response-schema',
    requirements: [...new Set(Object.values(DOCUMENTED).flatMap((d) => d.requirements))],
    judges: ({ operation, exchange }) => {
      const doc = operation && DOCUMENTED[operation.operationId];
      if (!doc || !is2xx(exchange.status) || exchange.status === 204) return [];
      // The entries' rule (ITEM-LIST-3 …) holds vacuously on an empty list: an empty list judges nothing of it.
      const entries = doc.entriesRequirement !== undefined && (extractList(exchange.json)?.length ?? 0) > 0 ? [doc.entriesRequirement] : [];
      return [doc.requirements[0], ...entries];
    },
    run: ({ operation, exchange }) => {
      const doc = operation && DOCUMENTED[operation.operationId];
      if (!doc || !is2xx(exchange.status) || exchange.status === 204) return [];
      const id = doc.requirements[0];
      const title = `the ${exchange.status} body of ${opName(operation)} matches the spec`;
      if (exchange.json === undefined) return [violation(id, title, 'a JSON body', exchange.text === '' ? 'an empty body' : 'a body that is not JSON')];
      const body = FLAGS_JUDGED_ELSEWHERE.has(operation.operationId) ? withoutInactiveFlags(exchange.json) : exchange.json;
      if (doc.schema) {
        const result = validate(doc.schema, body);
        if (!result.valid) return [violation(id, title, `schema ${doc.schema}`, result.errors.slice(0, 5).join('; '))];
      }
      if (doc.entries) {
        const list = extractList(body);
        if (!list) return [violation(id, title, 'a list: a bare array or an object holding one array of entries', 'no list found in the body')];
        for (const [i, entry] of list.entries()) {
          const result = validate(doc.entries, entry);
          if (!result.valid) return [violation(doc.entriesRequirement ?? id, title, `every entry matches schema ${doc.entries}`, `entry ${i}: ${result.errors.slice(0, 3).join('; ')}`)];
        }
      }
      return [];
    },
  },
  {
    name: 'documented-success-status',
    requirements: [...new Set(Object.values(DOCUMENTED).map((d) => d.requirements[0]))],
    judges: ({ operation, exchange }) => {
      const doc = operation && DOCUMENTED[operation.operationId];
      return doc && is2xx(exchange.status) ? [doc.requirements[0]] : [];
    },
    run: ({ operation, exchange }) => {
      const doc = operation && DOCUMENTED[operation.operationId];
      if (!doc || !is2xx(exchange.status) || exchange.status === doc.status) return [];
      return [violation(doc.requirements[0], `a success of ${opName(operation)} answers the status the spec shows`, `${doc.status}`, `${exchange.status}`)];
    },
  },
  {
    name: 'json-content-type',
    requirements: ['GEN-JSON-1'],
    judges: ({ exchange }) => (exchange.text.trim() === '' ? [] : ['GEN-JSON-1']),
    run: ({ exchange }) => {
      if (exchange.text.trim() === '') return [];
      const type = (exchange.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      const title = 'a JSON body carries Content-Type: application/json and parses';
      if (exchange.json !== undefined && type !== 'application/json') {
        return [violation('GEN-JSON-1', title, 'Content-Type: application/json (parameters allowed)', `Content-Type: ${exchange.headers['content-type'] ?? '(none)'}`)];
      }
      if (exchange.json === undefined && type === 'application/json') {
        return [violation('GEN-JSON-1', title, 'a body that parses as JSON', 'a body labelled application/json that does not parse')];
      }
      return [];
    },
  },
];

/** Runs every enabled check; never throws. */
export function runChecks(ctx: CheckContext, disabled: readonly string[]): Violation[] {
  return RESPONSE_CHECKS.filter((c) => !disabled.includes(c.name)).flatMap((c) => c.run(ctx));
}

/** The MUST-level IDs the enabled checks judged on this exchange and found kept (the ledger's passes). */
export function keptRequirements(ctx: CheckContext, disabled: readonly string[], violations: readonly Violation[]): string[] {
  const broken = new Set(violations.map((v) => v.requirement));
  const judged = RESPONSE_CHECKS.filter((c) => !disabled.includes(c.name)).flatMap((c) => c.judges(ctx));
  return [...new Set(judged)].filter((id) => !broken.has(id) && levelOf(id) === 'MUST');
}
