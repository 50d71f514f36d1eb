import type { OpsAgentNode } from '@taya/contracts';
import { describe, expect, it } from 'vitest';
import { decimalToMinor, flattenTree, showRate, toggleNode, type Children } from './tree';

const node = (id: string, teamSize = 0, parentId: string | null = null): OpsAgentNode => ({
  id,
  username: id,
  nickname: null,
  type: 1,
  isAgent: true,
  parentId,
  teamSize,
  settlementPaused: false,
  registeredAt: '2026-01-01T00:00:00.000Z',
});

const shape = (rows: ReturnType<typeof flattenTree>) =>
  rows.map((r) => (r.type === 'node' ? `${r.depth}:${r.node.id}` : `${r.depth}:${r.type}`));

describe('agent tree', () => {
  const children = new Map<string, Children>([
    ['a', { state: 'loaded', list: [node('a1', 2, 'a'), node('a2', 0, 'a')], hasMore: true }],
    ['a1', { state: 'loaded', list: [node('a11', 0, 'a1')], hasMore: false }],
    ['b', { state: 'error', error: new Error('down') }],
  ]);
  const roots = [node('a', 4), node('b', 1), node('c', 3), node('d', 0)];

  it('lists the top agents when nothing is open', () => {
    expect(shape(flattenTree(roots, new Set(), (id) => children.get(id)))).toEqual([
      '0:a',
      '0:b',
      '0:c',
      '0:d',
    ]);
  });

  it('puts an open node’s downline under it, one level deeper, with its loading state', () => {
    const rows = flattenTree(roots, new Set(['a', 'a1', 'b', 'c', 'd']), (id) => children.get(id));
    expect(shape(rows)).toEqual([
      '0:a',
      '1:a1',
      '2:a11',
      '1:a2',
      '1:more',
      '0:b',
      '1:error',
      '0:c',
      '1:loading',
      '0:d',
    ]);
    const d = rows.at(-1)!;
    // A node with no team below it never opens.
    expect(d.type === 'node' && [d.expandable, d.expanded]).toEqual([false, false]);
  });

  it('shows a node once even if the data repeats it', () => {
    const loop = new Map<string, Children>([
      ['a', { state: 'loaded', list: [node('a', 1)], hasMore: false }],
    ]);
    expect(shape(flattenTree([node('a', 1)], new Set(['a']), (id) => loop.get(id)))).toEqual([
      '0:a',
    ]);
  });

  it('folds everything below a node it folds', () => {
    const below: Record<string, string[]> = { a: ['a1', 'a2'], a1: ['a11'] };
    const open = new Set(['a', 'a1', 'a11', 'b']);
    expect([...toggleNode(open, 'a', (id) => below[id] ?? [])].sort()).toEqual(['b']);
    expect([...toggleNode(new Set(['b']), 'a', () => [])].sort()).toEqual(['a', 'b']);
  });

  it('reads signed decimal amounts into minor units exactly', () => {
    expect(decimalToMinor('1234.5')).toBe(123450n);
    expect(decimalToMinor('-0.07')).toBe(-7n);
    expect(decimalToMinor('0')).toBe(0n);
    expect(decimalToMinor('bad')).toBe(0n);
  });

  it('shows wire rates without trailing zeros', () => {
    expect(showRate('2.00')).toBe('2');
    expect(showRate('0.60')).toBe('0.6');
    expect(showRate('35')).toBe('35');
  });
});
