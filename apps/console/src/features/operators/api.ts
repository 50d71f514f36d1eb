import {
  opsOperatorEnrolment,
  opsOperatorPage,
  opsOperatorRow,
  opsOperatorStatusValue,
  type OperatorRole,
  type OpsOperatorEnrolment,
  type OpsOperatorPage,
  type OpsOperatorRow,
  type OpsOperatorStatusValue,
} from '@taya/contracts';
import { get, post, request } from '../../lib/api-client';

export interface OperatorFilters {
  q: string;
  role: string;
  merchant: string;
  status: string;
  [key: string]: string;
}

export const listOperators = (
  filters: Partial<OperatorFilters>,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) =>
  get<OpsOperatorPage>('/ops/operators', {
    query: { ...filters, page, pageSize },
    schema: import.meta.env.DEV && opsOperatorPage,
    signal,
  });

export interface OperatorInput {
  role: OperatorRole;
  merchants: string[] | null;
  ipAllowList: string[];
  reason: string;
}

export const createOperator = (body: OperatorInput & { username: string }) =>
  post<OpsOperatorEnrolment>('/ops/operators', body, {
    schema: import.meta.env.DEV && opsOperatorEnrolment,
  });

export const updateOperator = (id: string, body: OperatorInput) =>
  request<OpsOperatorRow>('PATCH', `/ops/operators/${encodeURIComponent(id)}`, {
    body,
    schema: import.meta.env.DEV && opsOperatorRow,
  });

export const setOperatorStatus = (id: string, enabled: boolean, reason: string) =>
  post<OpsOperatorStatusValue>(
    `/ops/operators/${encodeURIComponent(id)}/${enabled ? 'enable' : 'disable'}`,
    { reason },
    { schema: import.meta.env.DEV && opsOperatorStatusValue },
  );

export const resetSecondFactor = (id: string, reason: string) =>
  post<OpsOperatorEnrolment>(
    `/ops/operators/${encodeURIComponent(id)}/reset-second-factor`,
    { reason },
    { schema: import.meta.env.DEV && opsOperatorEnrolment },
  );

/** "TYPH, TYMM" → codes; empty → every merchant (null). */
export const parseMerchants = (text: string): string[] | null => {
  const codes = text
    .split(/[\s,]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  return codes.length ? [...new Set(codes)] : null;
};

/** One address or CIDR block a line (or separated by commas). */
export const parseAllowList = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((c) => c.trim())
    .filter(Boolean);
