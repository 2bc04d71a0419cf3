import { expect, test } from '@playwright/test';
import { isTestable, requirementById } from '../../catalog/index.js';
import { DOCUMENTED, documentedOperations } from '../../judging/documented.js';
import { openApiDocument } from '../../schemas/operations.js';

/**
 * The response checks' table is the OpenAPI document (judging/documented.ts):
 * each success status the spec shows, its body's schema and the rules they prove
 * (`x-requirements`). These tests say what the document states today and that its
 * rules are the catalog's.
 */

test('the document states each shown success: status, body schema, list entries and the rules they prove', () => {
  expect(DOCUMENTED).toEqual({
    listCategories: { status: 200, schema: 'categories-response', requirements: ['ITEM-CAT-1', 'ITEM-CAT-2'] },
    listCategoryAttributes: { status: 200, schema: 'attributes-response', requirements: ['ITEM-ATTR-1', 'ITEM-ATTR-2'] },
    createItem: { status: 201, schema: 'item-create-response', requirements: ['ITEM-CREATE-1'] },
    getItem: { status: 200, schema: 'item-detail', requirements: ['ITEM-READ-1'] },
    listItems: { status: 200, schema: 'item-list-page', entries: 'item-listed', entriesRequirement: 'ITEM-LIST-3', requirements: ['ITEM-LIST-1', 'ITEM-LIST-2'] },
    listInactiveItems: { status: 200, schema: 'item-list-page', entries: 'item-listed', entriesRequirement: 'ITEM-LIST-3', requirements: ['ITEM-HIDDEN-1', 'ITEM-LIST-2'] },
    listItemLimits: { status: 200, entries: 'limit-entry', requirements: ['ITEM-LIMITS-1'] },
    addItemImage: { status: 201, schema: 'image-add-response', requirements: ['ITEM-IMG-6'] },
    createWebhook: { status: 201, schema: 'webhook-create-response', requirements: ['WH-SUB-1'] },
    listWebhooks: { status: 200, entries: 'webhook', requirements: ['WH-SUB-2'] },
    updateWebhook: { status: 204, requirements: ['WH-SUB-4'] },
    deleteWebhook: { status: 204, requirements: ['WH-SUB-6'] },
    rotateWebhookToken: { status: 200, schema: 'webhook-token-response', requirements: ['WH-SUB-7'] },
  });
});

test('every rule the document names is a testable catalog rule', () => {
  for (const [operationId, d] of Object.entries(DOCUMENTED)) {
    for (const id of [...d.requirements, ...(d.entriesRequirement ? [d.entriesRequirement] : [])]) {
      const r = requirementById(id);
      expect(r, `${operationId}: ${id}`).toBeDefined();
      expect(r && isTestable(r), `${operationId}: ${id} is testable`).toBe(true);
    }
  }
});

test('a shown success status without x-requirements is an error of the document, not a silently unchecked operation', () => {
  const doc = structuredClone(openApiDocument()) as ReturnType<typeof openApiDocument>;
  const created = doc.paths?.['/items']?.post?.responses?.['201'] as unknown as Record<string, unknown>;
  delete created['x-requirements'];
  expect(() => documentedOperations(doc)).toThrow(/POST \/items 201 shows a status but names no x-requirements/);
});
