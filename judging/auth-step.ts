/**
 * A session that could not be opened because an auth step got no complete
 * answer (the token request timed out, the login page reset the connection) is
 * a failure of that step's rule, with the step's exchange as evidence: never a
 * raw HttpError charged to the rules of the check that wanted the session.
 *
 *   catch (error) {
 *     const facts = authStepFailure(error, settings.requestTimeoutMs);
 *     if (facts) return fail(testInfo, facts);
 *     throw error;
 *   }
 */
import type { TestInfo } from '@playwright/test';
import { HttpError } from '../lib/http.js';
import { type FailureFacts, fail } from './failure.js';
import { LoginError } from '../sessions/login.js';
import { type Session, SessionError } from '../sessions/session.js';
import { operationRule } from '../transport/operation-rules.js';
import { TokenRequestError } from '../transport/token-client.js';

const within = (timeoutMs?: number) => (timeoutMs ? ` within ${timeoutMs} ms (SC_REQUEST_TIMEOUT_MS)` : '');

/** The failure of the auth step a transport error stopped, or undefined when `error` is no such thing. */
export function authStepFailure(error: unknown, timeoutMs?: number): FailureFacts | undefined {
  if (error instanceof TokenRequestError) {
    return {
      title: `POST /token (${error.grant}) answers`,
      requirements: [error.requirement],
      expected: `a complete answer of the token endpoint${within(timeoutMs)}`,
      actual: error.message,
      exchange: error.exchange,
    };
  }
  if (error instanceof LoginError && error.transport) {
    return {
      title: 'the Authorization Code flow with PKCE leads to a code at the redirect URI',
      requirements: [error.requirement],
      expected: `a complete answer to every step of the login${within(timeoutMs)}`,
      actual: error.message,
      exchange: error.exchange,
    };
  }
  if (error instanceof HttpError) {
    // Any other auth-side request (a direct session's command is not HTTP): the token endpoint's rule.
    return {
      title: 'an auth step answers',
      requirements: [operationRule({ method: 'POST', path: '/token', group: 'auth' })],
      expected: `a complete answer${within(timeoutMs)}`,
      actual: error.message,
    };
  }
  return undefined;
}

/** Turns a failed login or exchange into a conformance failure with evidence. */
export async function openedOrFail(testInfo: TestInfo, kind: 'aggregator' | 'direct', open: () => Promise<Session>, timeoutMs?: number): Promise<Session> {
  try {
    return await open();
  } catch (error) {
    // A step without a complete answer (after the one retry of a login): that step's rule, with its exchange.
    const transport = authStepFailure(error, timeoutMs);
    if (transport) return fail(testInfo, transport);
    if (error instanceof LoginError) {
      return fail(testInfo, {
        title: 'the Authorization Code flow with PKCE leads to a code at the redirect URI',
        requirements: ['AUTH-CODE-1'],
        expected: 'a redirect to SC_REDIRECT_URI carrying code (and the state sent)',
        actual: error.message,
      });
    }
    if (error instanceof SessionError && error.requirement === 'AUTH-STATE-1') {
      return fail(testInfo, {
        title: 'the callback carries the state sent, unchanged (the suite rejects any other)',
        requirements: ['AUTH-STATE-1'],
        expected: 'the state sent',
        actual: error.message,
      });
    }
    if (error instanceof SessionError) {
      return fail(testInfo, {
        title: kind === 'direct' ? 'a direct-integrator session yields a working token pair' : 'the code exchange answers a token pair',
        requirements: [kind === 'direct' ? 'AUTH-DIRECT-1' : 'AUTH-TOKEN-1'],
        expected: 'any 2xx with string access_token and refresh_token',
        actual: error.message,
        exchange: error.exchange,
      });
    }
    throw error;
  }
}
