import { describe, expect, it } from 'vitest';
import { sortQuery } from './api';

describe('sortQuery', () => {
  it('turns the table’s sort into the search’s sort and order', () => {
    expect(sortQuery('')).toEqual({});
    expect(sortQuery('username')).toEqual({ sort: 'username', order: 'asc' });
    expect(sortQuery('-lastLoginAt')).toEqual({ sort: 'lastLoginAt', order: 'desc' });
  });
});
