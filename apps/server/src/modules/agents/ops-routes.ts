import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  opsAgentIdParamsSchema,
  opsAgentProfileQuerySchema,
  opsAgentProfileSchema,
  opsAgentTreeQuerySchema,
  opsAgentTreeSchema,
  opsContractEndedSchema,
  opsEndContractSchema,
  opsGrantContractSchema,
  opsSettlementPageSchema,
  opsSettlementPauseSchema,
  opsSettlementPauseStateSchema,
  opsSettlementQuerySchema,
  opsSettlementResumeSchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { addRoute } from '../../platform/http';
import { requireMerchantScope } from '../../platform/principal';
import type { AgentsService } from './service';

/**
 * The operator console's agent routes (`/ops/agents/*`): reads need `agents.read`, writes
 * `agents.write`; every row loaded by id is checked against the operator's merchant scope, and
 * every write leaves an audit row with its before and after.
 */
export function registerAgentOpsRoutes(app: FastifyInstance, agents: AgentsService): void {
  addRoute(app, {
    method: 'GET',
    url: '/ops/agents/tree',
    access: ['operator'],
    permission: 'agents.read',
    query: opsAgentTreeQuerySchema,
    response: opsAgentTreeSchema,
    handler: async ({ query, principal }) => {
      if (query.parentId) {
        const parent = await agents.opsAccount(query.parentId);
        requireMerchantScope(principal, parent.merchantCode);
        return agents.opsTree(parent.merchantCode, query);
      }
      return agents.opsTree(principal!.merchantCode, query);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/agents/settlements',
    access: ['operator'],
    permission: 'agents.read',
    query: opsSettlementQuerySchema,
    response: opsSettlementPageSchema,
    handler: async ({ query, principal }) => {
      if (query.agentId) {
        const agent = await agents.opsAccount(query.agentId);
        requireMerchantScope(principal, agent.merchantCode);
        return agents.opsSettlements(agent.merchantCode, query);
      }
      return agents.opsSettlements(principal!.merchantCode, query);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/agents/:id',
    access: ['operator'],
    permission: 'agents.read',
    params: opsAgentIdParamsSchema,
    query: opsAgentProfileQuerySchema,
    response: opsAgentProfileSchema,
    handler: async ({ params, query, principal }) => {
      const account = await agents.opsAccount(params.id);
      requireMerchantScope(principal, account.merchantCode);
      return agents.opsProfile(account.id, query);
    },
  });

  // A top agent's own contract with the operator, of any of the four kinds; it replaces the
  // agent's active one of that kind.
  addRoute(app, {
    method: 'POST',
    url: '/ops/agents/contracts',
    access: ['operator'],
    permission: 'agents.write',
    body: opsGrantContractSchema,
    response: z.object({ id: z.string() }),
    handler: async ({ body, principal, req }) => {
      requireMerchantScope(principal, body.merchantCode);
      const before = (await agents.contracts({ accountId: body.agentId }, body.kind)).mine.find(
        (c) => c.upline === null && c.status === 'active',
      );
      const granted = await agents.grantTop(
        body.merchantCode,
        `operator:${principal!.subjectId}`,
        body,
      );
      noteAudit(req, {
        action: 'agents.contract.grant',
        targetType: 'agent',
        targetId: body.agentId,
        before: before ? { contractId: before.id, tiers: before.tiers } : null,
        after: { contractId: granted.id, kind: body.kind, period: body.period, tiers: body.tiers },
      });
      return granted;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/agents/contracts/:id/end',
    access: ['operator'],
    permission: 'agents.write',
    params: opsAgentIdParamsSchema,
    body: opsEndContractSchema,
    response: opsContractEndedSchema,
    handler: async ({ params, body, principal, req }) => {
      const contract = await agents.opsTopContract(params.id);
      requireMerchantScope(principal, contract.merchantCode);
      const ended = await agents.endTop(
        contract.id,
        `operator:${principal!.subjectId}`,
        body.reason,
      );
      noteAudit(req, {
        action: 'agents.contract.end',
        merchantCode: contract.merchantCode,
        targetType: 'agent_contract',
        targetId: contract.id,
        before: ended.before,
        after: { status: ended.value.status, endedAt: ended.value.endedAt },
        reason: body.reason,
      });
      return ended.value;
    },
  });

  for (const paused of [true, false]) {
    addRoute(app, {
      method: 'POST',
      url: `/ops/agents/:id/settlement/${paused ? 'pause' : 'resume'}`,
      access: ['operator'],
      permission: 'agents.write',
      params: opsAgentIdParamsSchema,
      body: paused ? opsSettlementPauseSchema : opsSettlementResumeSchema,
      response: opsSettlementPauseStateSchema,
      handler: async ({ params, body, principal, req }) => {
        const account = await agents.opsAccount(params.id);
        requireMerchantScope(principal, account.merchantCode);
        const r = await agents.setSettlementPaused(
          account,
          paused,
          `operator:${principal!.subjectId}`,
          body.reason,
        );
        noteAudit(req, {
          action: paused ? 'agents.settlement.pause' : 'agents.settlement.resume',
          merchantCode: account.merchantCode,
          targetType: 'agent',
          targetId: account.id,
          before: { paused: r.wasPaused },
          after: { paused },
          reason: body.reason ?? null,
        });
        return { agentId: account.id, paused };
      },
    });
  }
}
