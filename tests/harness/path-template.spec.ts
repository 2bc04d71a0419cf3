import { expect, test } from '@playwright/test';
import { matchTemplate, mostSpecificFirst, parseTemplate } from '../../lib/path-template.js';

/** The one path matcher (lib/path-template.ts): the reference's router and the client's operation lookup. */

test('both parameter syntaxes, raw values, the query ignored, literal segments first', () => {
  expect(matchTemplate(parseTemplate('/items/:itemId/images/:imageId'), '/items/a%20b/images/7')).toEqual({ itemId: 'a%20b', imageId: '7' });
  expect(matchTemplate(parseTemplate('/items/{itemId}'), '/items/x?since=1')).toEqual({ itemId: 'x' });
  expect(matchTemplate(parseTemplate('/items/{itemId}'), '/items/x/sold')).toBeUndefined();
  expect(matchTemplate(parseTemplate('/items/inactive'), '/items/other')).toBeUndefined();
  const ranked = mostSpecificFirst(['/items/{itemId}', '/items/inactive', '/items/{id}/sold'].map((p) => ({ p, template: parseTemplate(p) })));
  expect(ranked.map((r) => r.p)).toEqual(['/items/inactive', '/items/{id}/sold', '/items/{itemId}']);
});
