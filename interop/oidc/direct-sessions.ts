import type Provider from 'oidc-provider';

/**
 * A direct-integrator session (spec, Authentication step 11) on the provider,
 * for the control API's `POST /direct-sessions`: the spec does not show the
 * hosted login of direct integrators, so the lane stands in for it by minting
 * what that login ends with, a grant and its first refresh token, with the
 * provider's own models. Its refreshes, rotation and reuse revocation are then
 * the provider's, exactly as for an aggregator session.
 */
export async function createDirectSession(provider: Provider, clientId: string, username: string): Promise<{ refresh_token: string }> {
  const client = await provider.Client.find(clientId);
  if (!client) throw new Error(`the provider knows no client ${clientId}`);
  const grantId = await new provider.Grant({ accountId: username, clientId }).save();
  const token = new provider.RefreshToken({ accountId: username, client, grantId, gty: 'authorization_code', rotations: 0, scope: '', expiresWithSession: false });
  return { refresh_token: await token.save() };
}
