/**
 * extractList / nextPageToken: the list wrapper is not shown by the spec, so a
 * bare array and any wrapper object must both be read.
 */
import { expect, test } from '@playwright/test';
import { extractList, listKey, nextPageToken } from '../../schemas/lists.js';

const a = { id: 'a', title: 'A', price: { cash_amount: 1, currency: 'EUR' } };
const b = { id: 'b', title: 'B', price: { cash_amount: 2, currency: 'EUR' } };

test('a bare array is the list, and carries no next token', () => {
  expect(extractList([a, b])).toEqual([a, b]);
  expect(extractList([])).toEqual([]);
  expect(nextPageToken([a])).toBeUndefined();
  expect(listKey([a])).toBeUndefined();
});

test('a wrapper’s single array-valued property is the list, whatever its name', () => {
  for (const key of ['items', 'data', 'elements', 'webhooks', 'limits']) {
    const body = { [key]: [a], meta: { pagination: { next: 't' } } };
    expect(extractList(body)).toEqual([a]);
    expect(listKey(body)).toBe(key);
  }
  expect(extractList({ items: [], meta: { pagination: {} } })).toEqual([]);
});

test('with several arrays, the one holding objects with id wins; ambiguity gives undefined', () => {
  expect(extractList({ warnings: ['w'], items: [a, b] })).toEqual([a, b]);
  expect(extractList({ tags: [], items: [a] })).toEqual([a]);
  expect(extractList({ x: [], y: [] })).toEqual([]);
  expect(extractList({ first: [a], second: [b] })).toBeUndefined();
  expect(extractList({ x: ['s'], y: [1] })).toBeUndefined();
});

test('no list at all gives undefined, never a throw', () => {
  for (const body of [undefined, null, 0, 'items', {}, { meta: { pagination: { next: 'x' } } }, { items: { a } }]) {
    expect(extractList(body)).toBeUndefined();
  }
});

test('nextPageToken reads meta.pagination.next only when it is a non-empty string', () => {
  expect(nextPageToken({ items: [a], meta: { pagination: { next: 'tok-2' } } })).toBe('tok-2');
  for (const next of [null, undefined, '', 2, {}]) {
    expect(nextPageToken({ items: [a], meta: { pagination: { next } } })).toBeUndefined();
  }
  for (const body of [undefined, null, 'x', {}, { meta: null }, { meta: { pagination: 'x' } }, { next: 'x' }]) {
    expect(nextPageToken(body)).toBeUndefined();
  }
});

test('the real service\'s last page (meta.pagination null), meta without pagination and no meta end a list', () => {
  for (const body of [{ items: [a], meta: { pagination: null } }, { items: [a], meta: {} }, { items: [a] }]) {
    expect(nextPageToken(body)).toBeUndefined();
    expect(extractList(body)).toEqual([a]);
  }
});
