import {
  opsDepositListSchema,
  opsWithdrawalListSchema,
  type OpsDepositList,
  type OpsDepositRow,
  type OpsWithdrawalList,
  type OpsWithdrawalRow,
} from '@taya/contracts';
import { ApiError, get, post } from '../../lib/api-client';
import { getToken } from '../../lib/session';

/** The queue's `sort` in the URL (`field` / `-field`) as the server's `sort` and `order`. */
export function serverSort(sort: string): { sort?: string; order?: 'asc' | 'desc' } {
  const field = sort.replace(/^-/, '');
  if (field !== 'createdAt' && field !== 'amount') return {};
  return { sort: field, order: sort.startsWith('-') ? 'desc' : 'asc' };
}

export interface DepositFilters {
  status: string;
  channelCode: string;
  [key: string]: string;
}

export interface WithdrawalFilters {
  status: string;
  flag: string;
  [key: string]: string;
}

export interface QueuePage<Row> {
  rows: Row[];
  total: number;
}

export async function fetchDeposits(
  filters: Partial<DepositFilters>,
  page: number,
  size: number,
  sort: string,
  signal?: AbortSignal,
): Promise<QueuePage<OpsDepositRow>> {
  const value = await get<OpsDepositList>('/ops/cashier/deposits', {
    query: { ...filters, page, size, ...serverSort(sort) },
    schema: import.meta.env.DEV && opsDepositListSchema,
    signal,
  });
  return { rows: value.list, total: value.total };
}

export async function fetchWithdrawals(
  filters: Partial<WithdrawalFilters>,
  page: number,
  size: number,
  sort: string,
  signal?: AbortSignal,
): Promise<QueuePage<OpsWithdrawalRow>> {
  const value = await get<OpsWithdrawalList>('/ops/cashier/withdrawals', {
    query: { ...filters, page, size, ...serverSort(sort) },
    schema: import.meta.env.DEV && opsWithdrawalListSchema,
    signal,
  });
  return { rows: value.list, total: value.total };
}

export const approveDeposit = (id: string, note: string) =>
  post(`/ops/cashier/deposits/${encodeURIComponent(id)}/approve`, note ? { note } : {});
export const rejectDeposit = (id: string, note: string) =>
  post(`/ops/cashier/deposits/${encodeURIComponent(id)}/reject`, { note });

export const approveWithdrawal = (id: string, note: string) =>
  post(`/ops/cashier/withdrawals/${encodeURIComponent(id)}/approve`, note ? { note } : {});
export const payWithdrawal = (id: string, paymentRef: string, note: string) =>
  post(
    `/ops/cashier/withdrawals/${encodeURIComponent(id)}/pay`,
    note ? { paymentRef, note } : { paymentRef },
  );
export const rejectWithdrawal = (id: string, note: string) =>
  post(`/ops/cashier/withdrawals/${encodeURIComponent(id)}/reject`, { note });
export const resolveWithdrawal = (id: string, outcome: 'paid' | 'returned', note: string) =>
  post(`/ops/cashier/withdrawals/${encodeURIComponent(id)}/resolve`, { outcome, note });

/**
 * An uploaded image (a receipt, a proof) as an object URL: uploads are served to operators with
 * the bearer header, so an `<img src>` cannot load them directly. The caller revokes the URL.
 */
export async function fetchUpload(id: string, signal?: AbortSignal): Promise<string> {
  const token = getToken();
  const response = await fetch(`/ops/uploads/${encodeURIComponent(id)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) {
    throw new ApiError(response.status, 'upload_unavailable', 'The image could not be loaded');
  }
  return URL.createObjectURL(await response.blob());
}
