import type {
  ContractKindName,
  contractListSchema,
  contractViewSchema,
  invitationSchema,
  revenueSchema,
  settlementPageSchema,
  subordinatePageSchema,
  teamBetPageSchema,
  teamLossPageSchema,
  teamOverviewSchema,
  teamTransactionPageSchema,
} from '@taya/contracts';

/** The contracts export schemas only; their parse result is the wire type (keeps zod out). */
type Parsed<S extends { parse: (input: unknown) => unknown }> = ReturnType<S['parse']>;

export type ContractKind = ContractKindName;
export type TeamOverview = Parsed<typeof teamOverviewSchema>;
export type TeamDay = TeamOverview['days'][number];
export type SubordinatePage = Parsed<typeof subordinatePageSchema>;
export type Subordinate = SubordinatePage['list'][number];
export type Contract = Parsed<typeof contractViewSchema>;
export type ContractList = Parsed<typeof contractListSchema>;
export type ContractTier = Contract['tiers'][number];
export type DividendPeriod = NonNullable<Contract['period']>;
export type Invitation = Parsed<typeof invitationSchema>;
export type SettlementPage = Parsed<typeof settlementPageSchema>;
export type Settlement = SettlementPage['list'][number];
export type TeamBetPage = Parsed<typeof teamBetPageSchema>;
export type TeamBet = TeamBetPage['list'][number];
export type TeamLossPage = Parsed<typeof teamLossPageSchema>;
export type TeamLossRow = TeamLossPage['list'][number];
export type Revenue = Parsed<typeof revenueSchema>;
export type TeamTransactionPage = Parsed<typeof teamTransactionPageSchema>;
export type TeamTransaction = TeamTransactionPage['list'][number];

/** A period as the agent calls take it: ISO 8601 instants, `to` exclusive. */
export interface Period {
  from: string;
  to: string;
}
