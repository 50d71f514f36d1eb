import {
  opsAgentProfileSchema,
  opsAgentTreeSchema,
  opsContractEndedSchema,
  opsSettlementPageSchema,
  opsSettlementPauseStateSchema,
  type ContractKindName,
  type OpsAgentProfile,
  type OpsAgentTree,
  type OpsGrantContract,
  type OpsSettlementPage,
} from '@taya/contracts';
import { z } from 'zod';
import { get, post } from '../../lib/api-client';

const base = (id: string) => `/ops/agents/${encodeURIComponent(id)}`;

/** The merchant's top agents, or one level below `parentId`. */
export const fetchTree = (
  parentId: string | undefined,
  page: number,
  size: number,
  signal?: AbortSignal,
) =>
  get<OpsAgentTree>('/ops/agents/tree', {
    query: { parentId, page, size },
    schema: import.meta.env.DEV && opsAgentTreeSchema,
    signal,
  });

export const fetchAgent = (
  id: string,
  period: { from?: string | undefined; to?: string | undefined },
  signal?: AbortSignal,
) =>
  get<OpsAgentProfile>(base(id), {
    query: period,
    schema: import.meta.env.DEV && opsAgentProfileSchema,
    signal,
  });

export const grantContract = (body: OpsGrantContract) =>
  post<{ id: string }>('/ops/agents/contracts', body, {
    schema: import.meta.env.DEV && z.object({ id: z.string() }),
  });

export const endContract = (contractId: string, reason: string) =>
  post<z.infer<typeof opsContractEndedSchema>>(
    `/ops/agents/contracts/${encodeURIComponent(contractId)}/end`,
    { reason },
    { schema: import.meta.env.DEV && opsContractEndedSchema },
  );

export const setSettlementPaused = (agentId: string, paused: boolean, reason: string) =>
  post<z.infer<typeof opsSettlementPauseStateSchema>>(
    `${base(agentId)}/settlement/${paused ? 'pause' : 'resume'}`,
    { reason },
    { schema: import.meta.env.DEV && opsSettlementPauseStateSchema },
  );

const settleResultSchema = z.object({ windows: z.number().int(), paid: z.string() });

/** Settles every ended window now (what the job does every minute); `paid` is in minor units. */
export const runSettlement = (reason: string) =>
  post<z.infer<typeof settleResultSchema>>(
    '/ops/agents/settle',
    { reason },
    { schema: import.meta.env.DEV && settleResultSchema },
  );

export interface SettlementFilters {
  agentId: string;
  kind: '' | ContractKindName;
  from: string;
  to: string;
  [key: string]: string;
}

export type SettlementRow = OpsSettlementPage['list'][number];

export const fetchSettlements = (
  filters: Partial<SettlementFilters>,
  page: number,
  size: number,
  signal?: AbortSignal,
) =>
  get<OpsSettlementPage>('/ops/agents/settlements', {
    query: { ...filters, page, size },
    schema: import.meta.env.DEV && opsSettlementPageSchema,
    signal,
  });

/** Every settlement of a filter, for the CSV export (the list pages by `hasMore`). */
export async function fetchAllSettlements(
  filters: Partial<SettlementFilters>,
  maxRows = 50_000,
): Promise<SettlementRow[]> {
  const rows: SettlementRow[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchSettlements(filters, page, 100);
    rows.push(...result.list);
    if (!result.hasMore || rows.length >= maxRows) return rows.slice(0, maxRows);
  }
}
