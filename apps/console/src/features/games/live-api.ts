import {
  opsLiveTableListSchema,
  opsLiveTableSchema,
  opsLiveVoidAnswerSchema,
  type OpsLiveTable,
  type OpsLiveTableBody,
  type OpsLiveTableList,
} from '@taya/contracts';
import { get, request } from '../../lib/api-client';

export type LiveTableRow = OpsLiveTable;

export const fetchLiveTables = (merchantCode: string, signal?: AbortSignal) =>
  get<OpsLiveTableList>('/ops/live/tables', {
    query: { merchantCode },
    schema: import.meta.env.DEV && opsLiveTableListSchema,
    signal,
  });

export const putLiveTable = (code: string, body: OpsLiveTableBody) =>
  request<OpsLiveTable>('PUT', `/ops/live/tables/${encodeURIComponent(code)}`, {
    body,
    schema: import.meta.env.DEV && opsLiveTableSchema,
  });

export const voidLiveRound = (code: string, round: number, reason: string) =>
  request<{ table: string; round: number; voided: number }>(
    'POST',
    `/ops/live/tables/${encodeURIComponent(code)}/rounds/${round}/void`,
    { body: { reason }, schema: import.meta.env.DEV && opsLiveVoidAnswerSchema },
  );
