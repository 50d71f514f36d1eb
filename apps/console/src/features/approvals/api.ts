import { opsApproval, opsApprovalPage, type OpsApproval } from '@taya/contracts';
import { get, post } from '../../lib/api-client';

export interface ApprovalFilters {
  status: string;
  kind: string;
  [key: string]: string;
}

export interface ApprovalPageValue {
  rows: OpsApproval[];
  total: number;
  page: number;
  pageSize: number;
}

export const fetchApprovals = (
  filters: Partial<ApprovalFilters>,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) =>
  get<ApprovalPageValue>('/ops/approvals', {
    query: { ...filters, page, pageSize },
    schema: import.meta.env.DEV && opsApprovalPage,
    signal,
  });

export const decideApproval = (id: string, decision: 'approve' | 'reject', note: string) =>
  post<OpsApproval>(`/ops/approvals/${encodeURIComponent(id)}/${decision}`, note ? { note } : {}, {
    schema: import.meta.env.DEV && opsApproval,
  });
