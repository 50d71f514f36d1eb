import type { gameVendors, games } from './schema';

export type GameRow = typeof games.$inferSelect;

export type VendorRow = typeof gameVendors.$inferSelect;

export interface Catalog {
  loadedAt: number;
  vendors: VendorRow[];
  games: GameRow[];
  byId: Map<string, GameRow>;
}

/** How long a node keeps a catalog before re-reading it (other nodes' changes show by then). */
export const catalogTtlMs = 30_000;

/** "demo_member" → "de*******er": enough to recognise oneself, not to find another. */
export function maskName(name: string): string {
  if (name.length <= 2) return `${name[0] ?? ''}*`;
  const keep = name.length <= 4 ? 1 : 2;
  return `${name.slice(0, keep)}${'*'.repeat(Math.max(3, name.length - keep * 2))}${name.slice(-keep)}`;
}
