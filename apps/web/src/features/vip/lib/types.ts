import type { memberVipSchema, vipLevelListSchema } from '@taya/contracts';

/** The contracts export schemas only; their parse result is the wire type (keeps zod out). */
type Parsed<S extends { parse: (input: unknown) => unknown }> = ReturnType<S['parse']>;

export type VipLevelList = Parsed<typeof vipLevelListSchema>;
export type VipLevel = VipLevelList['levels'][number];
export type MemberVip = Parsed<typeof memberVipSchema>;
