import type { IncomingHttpHeaders } from 'node:http';
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
  segments: string[];
  handler: Handler;
  /** How many segments are literal: literal segments win over parameters (`/items/inactive` before `/items/:itemId`). */
  literals: number;
}

/**
 * A small method + path router. Patterns use `:name` segments. A path that
 * matches no route answers 404; a known path with another method answers 405.
 */
export class Router {
  /** Kept ranked as routes are added (most literal segments first, then in the order added), not on every request. */
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    const segments = split(pattern);
    const route = { method: method.toUpperCase(), segments, handler, literals: segments.filter((s) => !s.startsWith(':')).length };
    const at = this.routes.findIndex((r) => r.literals < route.literals);
    this.routes.splice(at === -1 ? this.routes.length : at, 0, route);
    return this;
  }

  /** Finds the handler and fills `ctx.params`; throws ApiError 404/405 otherwise. */
  resolve(method: string, path: string): { handler: Handler; params: Record<string, string> } {
    const parts = split(path);
    const wanted = method.toUpperCase();
    let pathKnown = false;
    for (const route of this.routes) {
      const params = match(route.segments, parts);
      if (!params) continue;
      pathKnown = true;
      if (route.method === wanted) return { handler: route.handler, params };
    }
    if (pathKnown) throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}`);
    throw new ApiError(404, 'NOT_FOUND', `no operation at ${path}`);
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

function match(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.startsWith(':')) {
      try {
        params[p.slice(1)] = decodeURIComponent(parts[i]);
      } catch {
        return undefined;
      }
    } else if (p !== parts[i]) return undefined;
  }
  return params;
}
