import type { Reply } from '../core/http.js';

/**
 * The IdP's HTML: a login form, a consent form, an error page. Plain forms on
 * purpose, so a form-based login driver (TARGET.md "Login") can fill them
 * without a browser.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `      <input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

function page(status: number, title: string, body: string, headers: Record<string, string> = {}): Reply {
  const text = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
  <body>
    <h1>${escapeHtml(title)}</h1>
${body}
  </body>
</html>
`;
  return {
    status,
    raw: { contentType: 'text/html; charset=utf-8', text },
    // The pages carry anti-forgery values: never cached, never framed.
    headers: { 'cache-control': 'no-store', 'x-frame-options': 'DENY', ...headers },
  };
}

export function loginPage(action: string, fields: Record<string, string>, message?: string, headers?: Record<string, string>): Reply {
  const notice = message ? `    <p role="alert">${escapeHtml(message)}</p>\n` : '';
  return page(
    200,
    'Sign in to Seller Connect',
    `${notice}    <form method="post" action="${escapeHtml(action)}">
${hidden(fields)}
      <label>Username <input type="text" name="username" autocomplete="username"></label>
      <label>Password <input type="password" name="password" autocomplete="current-password"></label>
      <button type="submit">Sign in</button>
    </form>`,
    headers,
  );
}

export function consentPage(action: string, fields: Record<string, string>, clientId: string, username: string): Reply {
  return page(
    200,
    'Allow access',
    `    <p>The application ${escapeHtml(clientId)} asks to act on behalf of ${escapeHtml(username)}.</p>
    <form method="post" action="${escapeHtml(action)}">
${hidden(fields)}
      <button type="submit">Allow</button>
    </form>`,
  );
}

/** An error the IdP cannot send back to the client (unknown client, unregistered redirect URI, stale login). */
export function errorPage(status: number, message: string): Reply {
  return page(status, 'Sign-in error', `    <p role="alert">${escapeHtml(message)}</p>`);
}
