/**
 * The control API's allowed variants (reference/variants.ts, reference/control/routes.ts):
 * TARGET.md asks of every control call "2xx with a JSON body, or 4xx with {code, message}",
 * so a control API may refuse with 404 or 422 where the reference says 400, and succeed
 * with 200 and more fields. Each variant answers so, and the suite's own control client
 * (transport/control-client.ts) takes every such success.
 */
import { expect, test } from '@playwright/test';
import { ControlClient, ControlError } from '../../transport/control-client.js';
import { type RunningReference, startReference } from '../../reference/server.js';

async function withReference(variants: string[], use: (ref: RunningReference) => Promise<void>): Promise<void> {
  const ref = await startReference({ variants });
  try {
    await use(ref);
  } finally {
    await ref.close();
  }
}

async function call(ref: RunningReference, method: string, path: string, body: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${ref.controlUrl}${path}`, { method, headers: { authorization: `Bearer ${ref.controlToken}`, 'content-type': 'application/json' }, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

test('control-refusals-404-422: a missing or unknown username is 404 ("no account undefined"), another bad body 422, each {code, message}', async () => {
  await withReference(['control-refusals-404-422'], async (ref) => {
    const cases: [string, string, string, number, string?][] = [
      ['POST', '/direct-sessions', '{}', 404, 'no account undefined'],
      ['POST', '/direct-sessions', '{"username":"nobody"}', 404, 'no account nobody'],
      ['POST', '/direct-sessions', '[]', 422],
      ['PUT', '/accounts/pro-3/limit', '{"total":-1}', 422],
      ['PUT', '/accounts/nobody/limit', '{"total":1}', 404],
      ['POST', '/purchases', '{}', 422],
      ['POST', '/events', '{"type":"ITEM_BANNED"}', 404, 'no account undefined'],
      ['POST', '/events', '{"username":"pro-1","type":"NOT_AN_EVENT"}', 422],
    ];
    for (const [method, path, body, status, message] of cases) {
      const answer = await call(ref, method, path, body);
      expect(answer.status, `${method} ${path} ${body}`).toBe(status);
      expect(answer.body, `${method} ${path} ${body}`).toMatchObject({ code: expect.any(String), message: message ?? expect.any(String) });
    }
    // A valid call still works, and a wrong token is still 401.
    expect((await call(ref, 'POST', '/direct-sessions', '{"username":"pro-1"}')).status).toBe(201);
    const wrong = await fetch(`${ref.controlUrl}/direct-sessions`, { method: 'POST', headers: { authorization: 'Bearer nope', 'content-type': 'application/json' }, body: '{}' });
    expect(wrong.status).toBe(401);
  });
});

test('control-answers-200: every call that works answers 200 with extra fields, and the suite\'s control client takes each', async () => {
  await withReference(['control-answers-200'], async (ref) => {
    const session = await call(ref, 'POST', '/direct-sessions', '{"username":"pro-1"}');
    expect(session).toMatchObject({ status: 200, body: { refresh_token: expect.any(String), sandbox: true } });
    expect(await call(ref, 'PUT', '/accounts/pro-3/limit', '{"total":7}')).toMatchObject({ status: 200, body: { total: 7, sandbox: true } });
    expect(await call(ref, 'POST', '/events', '{"username":"pro-1","type":"DISPUTE_CANCELLED_BY_SERVICE"}')).toMatchObject({ status: 200, body: { id: expect.any(String) } });

    const client = new ControlClient(ref.controlUrl, ref.controlToken, 5_000);
    expect(await client.directSession('pro-1')).toEqual(expect.any(String));
    expect(await client.setLimit('pro-3', 6)).toMatchObject({ total: 6 });
    expect(await client.emitEvent('pro-1', 'DISPUTE_CANCELLED_BY_SERVICE')).toMatchObject({ id: expect.any(String) });
  });
});

test('the control client reads a refusal\'s status and code, whichever 4xx the control API picks', async () => {
  for (const [variants, status] of [[[], 400], [['control-refusals-404-422'], 422]] as const) {
    await withReference([...variants], async (ref) => {
      const client = new ControlClient(ref.controlUrl, ref.controlToken, 5_000);
      const error = await client.setLimit('pro-3', -1).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ControlError);
      expect(error).toMatchObject({ status, code: 'INVALID_BODY_REQUEST' });
    });
  }
});
