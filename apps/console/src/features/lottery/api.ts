import {
  cancelLotteryIssueResultSchema,
  lotteryResultEntryResultSchema,
  opsLotteryIssuePageSchema,
  type EnterLotteryResult,
  type LotteryIssue,
  type LotteryResultEntry,
  type OpsLotteryIssuePage,
} from '@taya/contracts';
import { get, post } from '../../lib/api-client';

export interface IssueFilters {
  gameCode: string;
  status: string;
  from: string;
  to: string;
  [key: string]: string;
}

export const fetchIssues = (
  filters: Partial<IssueFilters>,
  page: number,
  size: number,
  signal?: AbortSignal,
) =>
  get<OpsLotteryIssuePage>('/ops/lottery/issues', {
    query: { ...filters, page, size },
    schema: import.meta.env.DEV && opsLotteryIssuePageSchema,
    signal,
  });

/** Every issue of a filter, for the CSV export (the list pages by `hasMore`). */
export async function fetchAllIssues(filters: Partial<IssueFilters>, maxRows = 50_000) {
  const rows: OpsLotteryIssuePage['list'] = [];
  for (let page = 1; ; page++) {
    const result = await fetchIssues(filters, page, 200);
    rows.push(...result.list);
    if (!result.hasMore || rows.length >= maxRows) return rows.slice(0, maxRows);
  }
}

type EntryResult = { entry: LotteryResultEntry; issue: LotteryIssue };

/** Enters an issue's result; it waits for a second operator. */
export const enterResult = (body: EnterLotteryResult) =>
  post<EntryResult>('/ops/lottery/results', body, {
    schema: import.meta.env.DEV && lotteryResultEntryResultSchema,
  });

/** Confirms another operator's entry: the issue is drawn with it and settled at once. */
export const confirmResult = (entryId: string, reason: string) =>
  post<EntryResult>(
    `/ops/lottery/results/${encodeURIComponent(entryId)}/confirm`,
    { reason },
    { schema: import.meta.env.DEV && lotteryResultEntryResultSchema },
  );

/** Cancels an issue not drawn yet: every bet on it is refunded. */
export const cancelIssue = (issueRowId: string, reason: string) =>
  post<{ issue: LotteryIssue }>(
    `/ops/lottery/issues/${encodeURIComponent(issueRowId)}/cancel`,
    { reason },
    { schema: import.meta.env.DEV && cancelLotteryIssueResultSchema },
  );
