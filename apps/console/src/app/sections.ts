/**
 * The left navigation's groups, in order. A group shows when the role may read it (`action`)
 * and at least one page of it is registered in `pages.tsx`.
 */
import type { OperatorAction } from '@taya/contracts';

export const sections = [
  {
    id: 'dashboard',
    action: 'players.read',
    icon: 'M3 13h8V3H3zm0 8h8v-6H3zm10 0h8V11h-8zm0-18v6h8V3z',
  },
  {
    id: 'players',
    action: 'players.read',
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm0 2c-4 0-8 2-8 5v1h16v-1c0-3-4-5-8-5z',
  },
  { id: 'agents', action: 'agents.read', icon: 'M12 3l9 4-9 4-9-4zm-9 8l9 4 9-4M3 15l9 4 9-4' },
  { id: 'cashier', action: 'cashier.deposits.read', icon: 'M3 6h18v12H3zm0 4h18M7 15h4' },
  {
    id: 'games',
    action: 'games.read',
    icon: 'M6 9h12a3 3 0 0 1 3 3v3a3 3 0 0 1-5 2l-2-2h-4l-2 2a3 3 0 0 1-5-2v-3a3 3 0 0 1 3-3z',
  },
  {
    id: 'lottery',
    action: 'lottery.read',
    icon: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5v8m-4-4h8',
  },
  {
    id: 'promotions',
    action: 'promotions.read',
    icon: 'M4 8h16v4H4zm1 4h14v8H5zm7-4v12M12 8c-2-4-6-4-6-1s6 1 6 1zm0 0c2-4 6-4 6-1s-6 1-6 1z',
  },
  { id: 'content', action: 'content.read', icon: 'M5 3h10l4 4v14H5zm9 0v5h5M8 12h8M8 16h8' },
  { id: 'support', action: 'support.read', icon: 'M4 5h16v11H8l-4 4z' },
  {
    id: 'system',
    action: 'system.read',
    icon: 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm8 3l2-1-2-4-2 1-2-1V5h-4v2l-2 1-2-1-2 4 2 1v2l-2 1 2 4 2-1 2 1v2h4v-2l2-1 2 1 2-4-2-1z',
  },
  { id: 'audit', action: 'audit.read', icon: 'M9 3h6v3H9zM6 5h12v16H6zm3 7l2 2 4-4' },
] as const satisfies readonly { id: string; action: OperatorAction; icon: string }[];

export type SectionId = (typeof sections)[number]['id'];
