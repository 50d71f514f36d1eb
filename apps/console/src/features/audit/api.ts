import {
  auditPage,
  auditVerifyValue,
  type AuditEntry,
  type AuditVerifyValue,
} from '@taya/contracts';
import { get } from '../../lib/api-client';

export interface AuditFilters {
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
  [key: string]: string;
}

export interface AuditPageValue {
  rows: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export const fetchAuditPage = (
  filters: Partial<AuditFilters>,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) =>
  get<AuditPageValue>('/ops/audit', {
    query: { ...filters, page, pageSize },
    schema: import.meta.env.DEV && auditPage,
    signal,
  });

export const verifyAuditChain = () =>
  get<AuditVerifyValue>('/ops/audit/verify', { schema: import.meta.env.DEV && auditVerifyValue });
