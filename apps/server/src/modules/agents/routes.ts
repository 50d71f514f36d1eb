import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  contractListQuerySchema,
  contractListSchema,
  contractProcessSchema,
  contractViewSchema,
  createDownlineSchema,
  settlementPageSchema,
  settlementQuerySchema,
  subordinatePageSchema,
  subordinateQuerySchema,
  invitationSchema,
  revenueQuerySchema,
  revenueSchema,
  teamBetPageSchema,
  teamBetQuerySchema,
  teamLossPageSchema,
  teamLossQuerySchema,
  teamOverviewQuerySchema,
  teamTransactionPageSchema,
  teamTransactionQuerySchema,
  teamOverviewSchema,
  pointTxTypeIds,
  type ContractKindName,
} from '@taya/contracts';
import { AppError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import type { Principal } from '../../platform/auth/sessions';
import type { AgentsService } from './service';

const agent = (p: Principal | null) => ({ accountId: p!.subjectId, merchantCode: p!.merchantCode });

type TeamTransactionQuery = z.output<typeof teamTransactionQuerySchema>;
type TeamTransactionPage = z.input<typeof teamTransactionPageSchema>;

/** A transaction query naming only points movements asks for the caller's points detail. */
const asksForPoints = (query: TeamTransactionQuery) => {
  const ids = (query.txTypeIds ?? '').split(',').filter(Boolean);
  return ids.length > 0 && ids.every((id) => (pointTxTypeIds as readonly string[]).includes(id));
};

/** The merchant's agent-screen flag that turns each kind of contract on (real-time has none). */
const contractFlags: Record<ContractKindName, string | null> = {
  dividend: 'DIVIDEND',
  daily: 'DAYSAL',
  hourly: 'HOURSAL3',
  realtime: null,
};

/** The four contract calls of SPEC §7, one per kind. */
const contractCalls: [string, ContractKindName][] = [
  ['MCS2_processDividendReq', 'dividend'],
  ['MCS2_processDailySalContract', 'daily'],
  ['MCS2_processContractHourSalary', 'hourly'],
  ['MCSFE_processRealTimeSalaryContract', 'realtime'],
];

export function registerAgentRoutes(
  app: FastifyInstance,
  agents: AgentsService,
  options: {
    /** The caller's own points detail, asked through the same call (points `txTypeId`s). */
    pointsDetail?: (
      member: { accountId: string; merchantCode: string },
      query: TeamTransactionQuery,
    ) => Promise<TeamTransactionPage>;
  } = {},
): void {
  for (const [call, kind] of contractCalls) {
    addRoute(app, {
      method: 'POST',
      url: `/wps/relay/${call}`,
      access: ['agent'],
      body: contractProcessSchema,
      response: contractViewSchema,
      handler: async ({ body, principal }) => {
        await agents.requireScreen(principal!.merchantCode, contractFlags[kind]);
        return agents.process(agent(principal), kind, body);
      },
    });
  }

  addRoute(app, {
    method: 'GET',
    url: '/wps/agent/contracts',
    access: ['agent'],
    query: contractListQuerySchema,
    response: contractListSchema,
    handler: ({ query, principal }) => agents.contracts(agent(principal), query.kind),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/agent/settlements',
    access: ['agent'],
    query: settlementQuerySchema,
    response: settlementPageSchema,
    handler: ({ query, principal }) => agents.settlements(agent(principal), query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/agent/team/overview',
    access: ['agent'],
    query: teamOverviewQuerySchema,
    response: teamOverviewSchema,
    handler: async ({ query, principal }) => {
      await agents.requireScreen(principal!.merchantCode, 'AGEINFO3');
      return agents.teamOverview(agent(principal), query);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/agent/team/bets',
    access: ['agent'],
    query: teamBetQuerySchema,
    response: teamBetPageSchema,
    handler: async ({ query, principal }) => {
      await agents.requireScreen(principal!.merchantCode, 'TRANSBETREPMEM3');
      return agents.teamBets(agent(principal), query);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/agent/team/loss',
    access: ['agent'],
    query: teamLossQuerySchema,
    response: teamLossPageSchema,
    handler: async ({ query, principal }) => {
      await agents.requireScreen(principal!.merchantCode, 'AGETEAMPNL3');
      return agents.teamLoss(agent(principal), query);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/agent/revenue',
    access: ['agent'],
    query: revenueQuerySchema,
    response: revenueSchema,
    handler: async ({ query, principal }) => {
      await agents.requireScreen(principal!.merchantCode, 'AGEREV3');
      return agents.revenue(agent(principal), query);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/ODSFE2_MemTransDet',
    access: options.pointsDetail ? ['member', 'agent'] : ['agent'],
    query: teamTransactionQuerySchema,
    response: teamTransactionPageSchema,
    handler: async ({ query, principal }) => {
      if (options.pointsDetail && (principal!.role === 'member' || asksForPoints(query))) {
        if (query.subordinateName !== undefined) {
          throw new AppError('forbidden', "Points detail is the caller's own");
        }
        return options.pointsDetail(agent(principal), query);
      }
      await agents.requireScreen(principal!.merchantCode, 'AGEDOWNTRANS3');
      return agents.teamTransactions(agent(principal), query);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/agent/invitation',
    access: ['agent'],
    response: invitationSchema,
    handler: async ({ principal }) => {
      await agents.requireScreen(principal!.merchantCode, 'REGCEN');
      return agents.invitation(agent(principal));
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/ODSFE2_subordinateSimple',
    access: ['agent'],
    query: subordinateQuerySchema,
    response: subordinatePageSchema,
    handler: async ({ query, principal }) => {
      await agents.requireScreen(principal!.merchantCode, 'DOWNMAN');
      return agents.subordinates(agent(principal), query);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/agent/downlines',
    access: ['agent'],
    body: createDownlineSchema,
    response: z.object({
      id: z.string(),
      username: z.string(),
      type: z.number().int(),
      referralCode: z.string().nullable(),
    }),
    handler: async ({ body, principal }) => {
      await agents.requireScreen(principal!.merchantCode, 'REGCEN');
      return agents.createDownline(agent(principal), body);
    },
  });

  // Operator: settle every ended window now (the job does the same every minute; a window
  // already settled pays nothing again).
  addRoute(app, {
    method: 'POST',
    url: '/ops/agents/settle',
    access: ['operator'],
    permission: 'agents.write',
    response: z.object({ windows: z.number().int(), paid: z.string() }),
    handler: async () => {
      const r = await agents.settleDue();
      return { windows: r.windows, paid: r.paid.toString() };
    },
  });
}
