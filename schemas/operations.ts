/**
 * The operations of the OpenAPI document (`schemas/openapi.json`), as a typed
 * list read from the document itself, so the suite never keeps a second copy
 * of the endpoint tables (e.g. to send every operation without a bearer).
 */
import { readFileSync } from 'node:fs';
import type { OpenAPIV3_1 } from 'openapi-types';

export type OperationGroup = 'items' | 'transactions' | 'webhooks' | 'auth';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** As written in the document, e.g. `/items/{itemId}`: relative to {base_url}, or to {auth_url} for group `auth`. */
  path: string;
  group: OperationGroup;
  /** Names of the path's `{parameters}`, in order. */
  pathParams: string[];
  /** True when the operation declares a request body. */
  hasBody: boolean;
  /** False for the identity provider's operations (`security: []`). */
  needsBearer: boolean;
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const GROUPS: readonly OperationGroup[] = ['items', 'transactions', 'webhooks', 'auth'];

let document: OpenAPIV3_1.Document | undefined;

/** The OpenAPI 3.1 document, parsed once (frozen: do not mutate). */
export function openApiDocument(): OpenAPIV3_1.Document {
  if (!document) {
    const text = readFileSync(new URL('./openapi.json', import.meta.url), 'utf8');
    document = Object.freeze(JSON.parse(text) as OpenAPIV3_1.Document);
  }
  return document;
}

function readOperations(doc: OpenAPIV3_1.Document): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    for (const method of METHODS) {
      const op = item[method.toLowerCase() as Lowercase<HttpMethod>];
      if (!op) continue;
      const group = op.tags?.[0] as OperationGroup | undefined;
      if (!op.operationId || !group || !GROUPS.includes(group)) {
        throw new Error(`openapi.json: ${method} ${path} needs an operationId and a group tag`);
      }
      const security = op.security ?? doc.security ?? [];
      out.push({
        operationId: op.operationId,
        method,
        path,
        group,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
        hasBody: op.requestBody !== undefined,
        needsBearer: security.length > 0,
      });
    }
  }
  return out;
}

let operations: readonly Operation[] | undefined;

/** Every operation of the document: the 30 API operations and the 2 identity provider ones. */
export function listOperations(): readonly Operation[] {
  operations ??= Object.freeze(readOperations(openApiDocument()));
  return operations;
}

/** One operation by its operationId; throws on an unknown id (a typo in a check). */
export function operation(operationId: string): Operation {
  const op = listOperations().find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation '${operationId}' in schemas/openapi.json`);
  return op;
}

/** The path with its parameters filled in (each value URI-encoded). */
export function fillPath(op: Operation, values: Record<string, string>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${op.operationId}: no value for path parameter '${name}'`);
    return encodeURIComponent(value);
  });
}
