import { bpsToPercent, parseAmount, rateToBps, type OpsAgentNode } from '@taya/contracts';

/** What is known of one agent's direct downline: loading, failed, or (a first page of) it. */
export type Children =
  | { state: 'loading' }
  | { state: 'error'; error: unknown }
  | { state: 'loaded'; list: readonly OpsAgentNode[]; hasMore: boolean };

export type TreeRow =
  | { type: 'node'; node: OpsAgentNode; depth: number; expanded: boolean; expandable: boolean }
  | { type: 'loading' | 'more'; parentId: string; depth: number }
  | { type: 'error'; parentId: string; depth: number; error: unknown };

/**
 * The visible rows of the agent tree: the top agents in order, and under each expanded one its
 * loaded downline (depth + 1), a loading or error row while it is not, and a "more" row when
 * the downline has more than one page. A node is expandable when it has a team below it; a
 * cycle in the data (which the closure table rules out) cannot loop.
 */
export function flattenTree(
  roots: readonly OpsAgentNode[],
  expanded: ReadonlySet<string>,
  childrenOf: (id: string) => Children | undefined,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const seen = new Set<string>();
  const walk = (nodes: readonly OpsAgentNode[], depth: number) => {
    for (const node of nodes) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      const expandable = node.teamSize > 0;
      const open = expandable && expanded.has(node.id);
      rows.push({ type: 'node', node, depth, expanded: open, expandable });
      if (!open) continue;
      const children = childrenOf(node.id) ?? { state: 'loading' };
      if (children.state === 'loaded') {
        walk(children.list, depth + 1);
        if (children.hasMore) rows.push({ type: 'more', parentId: node.id, depth: depth + 1 });
      } else if (children.state === 'error') {
        rows.push({ type: 'error', parentId: node.id, depth: depth + 1, error: children.error });
      } else {
        rows.push({ type: 'loading', parentId: node.id, depth: depth + 1 });
      }
    }
  };
  walk(roots, 0);
  return rows;
}

/** Expands or folds one node; folding also folds everything below it that was open. */
export function toggleNode(
  expanded: ReadonlySet<string>,
  id: string,
  descendantsOf: (id: string) => readonly string[],
): Set<string> {
  const next = new Set(expanded);
  if (!next.delete(id)) {
    next.add(id);
    return next;
  }
  const stack = [...descendantsOf(id)];
  while (stack.length > 0) {
    const child = stack.pop()!;
    if (next.delete(child)) stack.push(...descendantsOf(child));
  }
  return next;
}

/** A signed decimal amount as the API sends it ("-12.50") in minor units, for `<Money>`. */
export function decimalToMinor(decimal: string, scale = 2): bigint {
  const negative = decimal.startsWith('-');
  const units = parseAmount(negative ? decimal.slice(1) : decimal, scale) ?? 0n;
  return negative ? -units : units;
}

/** A wire rate ("2.00") as a percentage to show ("2"), through the contracts' rate helpers. */
export const showRate = (rate: string): string => bpsToPercent(rateToBps(rate));
