import { z } from 'zod';
import { opsReason } from './ops-reason';
import {
  contractKinds,
  contractListSchema,
  contractTierSchema,
  settlementPageSchema,
  teamOverviewSchema,
} from './agents';
import { amountString } from './wallet';

/**
 * The operator console's agent calls (`/ops/agents/*`): the downline tree, an agent's profile
 * with its team figures and contracts, top-level contracts, settlements and their pause.
 */

const id = z.string().min(1).max(80);
const isoDate = z.iso.datetime({ offset: true });
const reason = opsReason;

export const opsAgentIdParamsSchema = z.strictObject({ id });

/** `GET /ops/agents/tree`: the merchant's top agents, or the direct downline of `parentId`. */
export const opsAgentTreeQuerySchema = z.strictObject({
  parentId: id.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type OpsAgentTreeQuery = z.infer<typeof opsAgentTreeQuerySchema>;

export const opsAgentNodeSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  parentId: z.string().nullable(),
  /** Accounts below it at any depth. */
  teamSize: z.number().int(),
  /** Whether an operator paused its settlement. */
  settlementPaused: z.boolean(),
  registeredAt: z.string(),
});
export type OpsAgentNode = z.infer<typeof opsAgentNodeSchema>;

export const opsAgentTreeSchema = z.object({
  list: z.array(opsAgentNodeSchema),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});
export type OpsAgentTree = z.infer<typeof opsAgentTreeSchema>;

/** `GET /ops/agents/:id`: the period of the team figures (default: the last 7 days). */
export const opsAgentProfileQuerySchema = z.strictObject({
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export const opsAgentProfileSchema = z.object({
  agent: opsAgentNodeSchema
    .omit({ teamSize: true, registeredAt: true })
    .extend({ merchantCode: z.string() }),
  pause: z.object({ pausedBy: z.string(), reason: z.string(), pausedAt: z.string() }).nullable(),
  period: z.object({ from: z.string(), to: z.string() }),
  /** Team size now and figures over the period (deposits, valid bet, GGR as `profit`, actives). */
  team: teamOverviewSchema,
  /** `mine`: contracts that pay it (held); `granted`: those it offered its downline. */
  contracts: contractListSchema,
});
export type OpsAgentProfile = z.infer<typeof opsAgentProfileSchema>;

/** `POST /ops/agents/contracts`: a top agent's own contract with the operator. */
export const opsGrantContractSchema = z.strictObject({
  merchantCode: z.string().max(32),
  agentId: id,
  kind: z.enum(contractKinds),
  period: z.enum(['D', 'W', 'H', 'M']).optional(),
  tiers: z.array(contractTierSchema).min(1).max(10),
  reason,
});
export type OpsGrantContract = z.infer<typeof opsGrantContractSchema>;

/** `POST /ops/agents/contracts/:id/end`: ends a top-level contract (it pays its last full window). */
export const opsEndContractSchema = z.strictObject({ reason });
export type OpsEndContract = z.infer<typeof opsEndContractSchema>;

export const opsContractEndedSchema = z.object({
  id: z.string(),
  status: z.literal('terminated'),
  endedAt: z.string(),
});

/** `GET /ops/agents/settlements`: settled windows with their inputs, newest first. */
export const opsSettlementQuerySchema = z.strictObject({
  agentId: id.optional(),
  kind: z.enum(contractKinds).optional(),
  /** Windows starting in [from, to). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type OpsSettlementQuery = z.infer<typeof opsSettlementQuerySchema>;

const settlementRow = settlementPageSchema.shape.list.element;
export const opsSettlementPageSchema = z.object({
  list: z.array(
    settlementRow.extend({
      agentId: z.string(),
      agentUsername: z.string(),
      entryId: z.string().nullable(),
    }),
  ),
  totalPayout: amountString,
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});
export type OpsSettlementPage = z.infer<typeof opsSettlementPageSchema>;

/** `POST /ops/agents/:id/settlement/pause` (reason required) and `/resume`. */
export const opsSettlementPauseSchema = z.strictObject({ reason });
export const opsSettlementResumeSchema = z.strictObject({ reason });
export const opsSettlementPauseStateSchema = z.object({
  agentId: z.string(),
  paused: z.boolean(),
});
