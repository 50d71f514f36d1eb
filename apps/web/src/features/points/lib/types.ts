import type {
  convertPointResultSchema,
  pointBalanceSchema,
  pointConfigSchema,
  pointRewardSchema,
  redemptionPageSchema,
  redemptionSchema,
  teamTransactionPageSchema,
} from '@taya/contracts';

/** The contracts export schemas only; their parse result is the wire type (keeps zod out). */
type Parsed<S extends { parse: (input: unknown) => unknown }> = ReturnType<S['parse']>;

export type PointBalance = Parsed<typeof pointBalanceSchema>;
export type PointReward = Parsed<typeof pointRewardSchema>;
export type PointConfig = Parsed<typeof pointConfigSchema>;
export type Redemption = Parsed<typeof redemptionSchema>;
export type RedemptionPage = Parsed<typeof redemptionPageSchema>;
export type ConvertPointResult = Parsed<typeof convertPointResultSchema>;
/** `ODSFE2_MemTransDet` answers points detail in the shape of the team transactions. */
export type PointsDetailPage = Parsed<typeof teamTransactionPageSchema>;
