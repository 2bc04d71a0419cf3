import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REFERENCE_CLIENT_ID, REFERENCE_REDIRECT_URI, referenceCredentials } from '../../reference/config.js';
import { type RunningReference, startReference } from '../../reference/server.js';
import { createDirectSession } from './direct-sessions.js';
import { handleInteraction } from './interactions.js';
import { introspectingAuthenticator } from './introspection.js';
import { createProvider, INTROSPECTION_PATH, type LaneClients } from './provider.js';

/**
 * The real identity provider lane (docs/INTEROP-OIDC.md): oidc-provider on one
 * loopback port as `{auth_url}`, the reference's API on another, wired by
 * introspection. The reference's own identity provider is not mounted; its
 * control API stays (its direct sessions come from oidc-provider).
 */

export interface OidcLane {
  reference: RunningReference;
  /** `{auth_url}`: the provider's issuer. */
  authUrl: string;
  close(): Promise<void>;
}

export async function startOidcLane(): Promise<OidcLane> {
  const { accounts } = referenceCredentials();
  // Fresh secrets per start: nothing of this lane is a fixed credential.
  const secret = () => randomBytes(24).toString('base64url');
  const clients: LaneClients = {
    app: { id: REFERENCE_CLIENT_ID, secret: secret(), redirectUri: REFERENCE_REDIRECT_URI },
    api: { id: 'seller-connect-api', secret: secret() },
  };
  // The issuer names the port, so the provider is made once the server listens; until then, 503.
  let serve: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => void res.writeHead(503).end();
  const server = createServer((req, res) => serve(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const authUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = createProvider(authUrl, clients, accounts);
  const callback = provider.callback();
  serve = (req, res) =>
    void handleInteraction(provider, accounts, req, res).then((handled) => {
      if (!handled) callback(req, res);
    });
  const reference = await startReference(
    {},
    {
      authUrl,
      clientId: clients.app.id,
      clientSecret: clients.app.secret,
      redirectUri: clients.app.redirectUri,
      authenticate: introspectingAuthenticator({ url: `${authUrl}${INTROSPECTION_PATH}`, id: clients.api.id, secret: clients.api.secret, appClientId: clients.app.id }),
      createDirectSession: (username) => createDirectSession(provider, clients.app.id, username),
    },
  );
  const close = async () => {
    await reference.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  };
  return { reference, authUrl, close };
}
