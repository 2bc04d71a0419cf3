import type { IncomingHttpHeaders } from 'node:http';
import { matchTemplate, type PathTemplate, parseTemplate } from '../../lib/path-template.js';
import { ApiError } from './errors.js';

/** What a route handler sees of one request. */
export interface RequestContext {
  method: string;
  /** Path relative to the mount point, e.g. `/items/abc` under `/api`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON (or form fields as a plain object for form bodies); undefined when there is no body. */
  body: unknown;
  rawBody: Buffer;
  /** Set by the bearer check for routes that need a session. */
  username?: string;
}

export interface Reply {
  status: number;
  /** Serialised as JSON unless `raw` is given. Omitted for 204. */
  body?: unknown;
  raw?: { contentType: string; text: string };
  headers?: Record<string, string>;
}

export type Handler = (ctx: RequestContext) => Promise<Reply> | Reply;

interface Route {
  method: string;
  template: PathTemplate;
  handler: Handler;
}

/**
 * A small method + path router. Patterns use `:name` segments (lib/path-template.ts,
 * the matcher the suite's client shares). A path that matches no route answers
 * 404; a known path with another method answers 405.
 */
export class Router {
  /** Kept ranked as routes are added (most literal segments first, then in the order added), not on every request. */
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    const route = { method: method.toUpperCase(), template: parseTemplate(pattern), handler };
    const at = this.routes.findIndex((r) => r.template.literals < route.template.literals);
    this.routes.splice(at === -1 ? this.routes.length : at, 0, route);
    return this;
  }

  /** Finds the handler and fills `ctx.params`; throws ApiError 404/405 otherwise. */
  resolve(method: string, path: string): { handler: Handler; params: Record<string, string> } {
    const wanted = method.toUpperCase();
    let pathKnown = false;
    for (const route of this.routes) {
      const raw = matchTemplate(route.template, path);
      const params = raw && decoded(raw);
      if (!params) continue;
      pathKnown = true;
      if (route.method === wanted) return { handler: route.handler, params };
    }
    if (pathKnown) throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}`);
    throw new ApiError(404, 'NOT_FOUND', `no operation at ${path}`);
  }
}

/** The parameters percent-decoded; undefined when one is not valid percent-encoding (the path then matches nothing). */
function decoded(raw: Record<string, string>): Record<string, string> | undefined {
  try {
    return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    return undefined;
  }
}
