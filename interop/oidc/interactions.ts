import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { ReferenceAccount } from '../../reference/config.js';
import { readBody } from '../../reference/http-body.js';
import { send } from '../../reference/http-server.js';
import { consentPage, errorPage, loginPage } from '../../reference/oauth/pages.js';
import { INTERACTION_PREFIX } from './provider.js';

/**
 * The provider's login and consent pages (oidc-provider leaves them to the
 * application): the reference's own plain HTML forms (TARGET.md "Login": a
 * form with `username` and `password`, then a consent form submitted as it is),
 * finished through oidc-provider's interaction API. The interaction is bound to
 * the browser by the provider's own cookies, so the forms carry no hidden field.
 */

/** `GET /interaction/:uid`, `POST /interaction/:uid/login`, `POST /interaction/:uid/confirm`. */
const ROUTE = new RegExp(`^${INTERACTION_PREFIX}([\\w-]+)(?:/(login|confirm))?$`);

/** Handles the request when it is one of the interaction routes; false leaves it to the provider. */
export async function handleInteraction(provider: Provider, accounts: ReferenceAccount[], req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const match = ROUTE.exec(new URL(req.url ?? '/', 'http://lane.invalid').pathname);
  if (!match) return false;
  const [, uid, step] = match;
  try {
    const interaction = await provider.interactionDetails(req, res);
    const prompt = interaction.prompt.name;
    if (req.method === 'GET' && step === undefined) {
      const clientId = String(interaction.params.client_id);
      const username = String(interaction.session?.accountId);
      send(res, prompt === 'login' ? loginPage(`${INTERACTION_PREFIX}${uid}/login`, {}) : consentPage(`${INTERACTION_PREFIX}${uid}/confirm`, {}, clientId, username));
    } else if (req.method === 'POST' && step === 'login' && prompt === 'login') {
      const form = new URLSearchParams((await readBody(req)).toString('utf8'));
      const account = accounts.find((a) => a.username === form.get('username') && a.password === form.get('password'));
      if (!account) send(res, loginPage(`${INTERACTION_PREFIX}${uid}/login`, {}, 'Unknown username or wrong password.'));
      else await provider.interactionFinished(req, res, { login: { accountId: account.username } }, { mergeWithLastSubmission: false });
    } else if (req.method === 'POST' && step === 'confirm' && prompt === 'consent') {
      await readBody(req);
      await provider.interactionFinished(req, res, { consent: { grantId: await grantAll(provider, interaction) } }, { mergeWithLastSubmission: true });
    } else {
      send(res, errorPage(400, `nothing to do here for ${req.method} in the ${prompt} step`));
    }
  } catch (err) {
    // A stale or unknown interaction (its cookie gone or expired): the provider's own error, as a page.
    send(res, errorPage(400, err instanceof Error ? err.message : 'the sign-in failed'));
  }
  return true;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The grant the consent gives: whatever the request asked for (the spec requests no scope). */
async function grantAll(provider: Provider, interaction: Interaction): Promise<string> {
  const accountId = interaction.session?.accountId;
  const clientId = String(interaction.params.client_id);
  const grant = (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
  const details = interaction.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
  return grant.save();
}
