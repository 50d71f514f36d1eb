import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  opsAdjustmentBody,
  opsAdjustmentValue,
  opsApproval,
  opsApprovalDecisionBody,
  opsApprovalPage,
  opsApprovalQuery,
  opsBetPage,
  opsBonusGrantBody,
  opsBonusGrantValue,
  opsBonusPage,
  opsCashierPage,
  opsChangePage,
  opsLedgerPage,
  opsLoginPage,
  opsMerchantParams,
  opsPagingQuery,
  opsPlayerIdParams,
  opsPlayerNote,
  opsPlayerNoteBody,
  opsPlayerNotePage,
  opsPlayerPage,
  opsPlayerSearchQuery,
  opsPlayerSettings,
  opsPlayerSettingsBody,
  opsPlayerStatusBody,
  opsPlayerStatusValue,
  opsPlayerSummary,
  opsPlayerTagsBody,
  opsPlayerTagsValue,
  opsPlayerUnlockBody,
  opsPromotionExclusionBody,
  opsPromotionExclusionValue,
  opsResetLinkValue,
  opsUnlockValue,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import { requireMerchantScope } from '../../platform/principal';
import type { IdentityService } from '../identity';
import type { PromotionsService } from '../promotions';
import {
  playerBets,
  playerBonuses,
  playerCashier,
  playerChanges,
  playerFigures,
  playerLedger,
  playerLogins,
  searchPlayers,
} from '../reports';
import type { Adjustments } from './adjustments';
import type { Approvals } from './approvals';
import type { PlayerRecords } from './service';

export interface PlayerRouteDeps {
  db: Db;
  identity: IdentityService;
  promotions: PromotionsService;
  records: PlayerRecords;
  approvals: Approvals;
  adjustments: Adjustments;
}

const operatorOf = (principal: Principal | null) => {
  if (!principal?.operator) throw new AppError('forbidden');
  return { id: principal.subjectId, username: principal.operator.username };
};

const scopeOf = (principal: Principal | null) => principal?.operator?.merchants ?? null;

/** Every `/ops/players…` and `/ops/approvals…` route (see README.md). */
export function registerPlayerRoutes(app: FastifyInstance, deps: PlayerRouteDeps): void {
  const { db, identity, promotions, records, approvals, adjustments } = deps;

  /** The player of the path, within the caller's merchants (403 outside, 404 unknown). */
  const player = async (principal: Principal | null, id: string) => {
    const account = await identity.managedAccount(id);
    requireMerchantScope(principal, account.merchantCode);
    return account;
  };

  /** Names the player as the audit row's target. */
  const audit = (
    req: FastifyRequest,
    account: { id: string; merchantCode: string },
    action: string,
    note: { before?: unknown; after?: unknown; reason?: string },
  ) =>
    noteAudit(req, {
      action,
      targetType: 'player',
      targetId: account.id,
      merchantCode: account.merchantCode,
      ...note,
    });

  addRoute(app, {
    method: 'GET',
    url: '/ops/players',
    access: ['operator'],
    permission: 'players.read',
    query: opsPlayerSearchQuery,
    response: opsPlayerPage,
    handler: async ({ query, principal }) => {
      const found = await searchPlayers(db, query, scopeOf(principal));
      return { ...found, page: query.page, pageSize: query.pageSize };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/players/:id',
    access: ['operator'],
    permission: 'players.read',
    params: opsPlayerIdParams,
    response: opsPlayerSummary,
    handler: async ({ params, principal }) => {
      const a = await player(principal, params.id);
      const [figures, tags, notesCount, excluded] = await Promise.all([
        playerFigures(db, a.id),
        records.tagsOf(a.id),
        records.notesCount(a.id),
        promotions.isExcluded(a.id),
      ]);
      return {
        id: a.id,
        merchantCode: a.merchantCode,
        username: a.username,
        nickname: a.nickname,
        fullname: a.profile.fullname ?? null,
        type: a.type,
        mobile: a.mobile,
        countryDialingCode: a.countryDialingCode,
        email: a.email,
        status: a.status,
        createdAt: a.createdAt.toISOString(),
        lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
        loginCount: a.loginCount,
        registerIp: a.registerIp,
        ...figures,
        tags,
        notesCount,
        promotionsExcluded: excluded,
      };
    },
  });

  const pages = [
    ['ledger', opsLedgerPage, playerLedger],
    ['bets', opsBetPage, playerBets],
    ['cashier', opsCashierPage, playerCashier],
    ['bonuses', opsBonusPage, playerBonuses],
    ['logins', opsLoginPage, playerLogins],
    ['changes', opsChangePage, playerChanges],
  ] as const;
  for (const [name, response, read] of pages) {
    addRoute(app, {
      method: 'GET',
      url: `/ops/players/:id/${name}`,
      access: ['operator'],
      permission: 'players.read',
      params: opsPlayerIdParams,
      query: opsPagingQuery,
      response,
      handler: async ({ params, query, principal }) => {
        const a = await player(principal, params.id);
        return (read as (d: Db, id: string, p: typeof query) => Promise<never>)(db, a.id, query);
      },
    });
  }

  addRoute(app, {
    method: 'GET',
    url: '/ops/players/:id/notes',
    access: ['operator'],
    permission: 'players.read',
    params: opsPlayerIdParams,
    query: opsPagingQuery,
    response: opsPlayerNotePage,
    handler: async ({ params, query, principal }) => {
      const a = await player(principal, params.id);
      return records.notes(a.id, query);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/players/:id/notes',
    access: ['operator'],
    permission: 'players.write',
    params: opsPlayerIdParams,
    body: opsPlayerNoteBody,
    response: opsPlayerNote,
    handler: async ({ params, body, principal, req }) => {
      const a = await player(principal, params.id);
      const operator = operatorOf(principal);
      const note = await records.addNote({
        accountId: a.id,
        merchantCode: a.merchantCode,
        authorId: operator.id,
        authorUsername: operator.username,
        body: body.body,
      });
      audit(req, a, 'players.notes.add', { after: { noteId: note.id, body: body.body } });
      return note;
    },
  });

  for (const [verb, status] of [
    ['disable', 'disabled'],
    ['enable', 'active'],
  ] as const) {
    addRoute(app, {
      method: 'POST',
      url: `/ops/players/:id/${verb}`,
      access: ['operator'],
      permission: 'players.write',
      params: opsPlayerIdParams,
      body: opsPlayerStatusBody,
      response: opsPlayerStatusValue,
      handler: async ({ params, body, principal, req }) => {
        const a = await player(principal, params.id);
        // Disabling ends every session at once: the player's next call answers 401.
        const sessionsEnded =
          verb === 'disable'
            ? await identity.disableAccount(a.id)
            : (await identity.enableAccount(a.id), 0);
        audit(req, a, `players.${verb}`, {
          before: { status: a.status },
          after: { status, sessionsEnded },
          reason: body.reason,
        });
        return { id: a.id, status, sessionsEnded };
      },
    });
  }

  addRoute(app, {
    method: 'POST',
    url: '/ops/players/:id/unlock',
    access: ['operator'],
    permission: 'players.write',
    params: opsPlayerIdParams,
    body: opsPlayerUnlockBody,
    response: opsUnlockValue,
    handler: async ({ params, body, principal, req }) => {
      const a = await player(principal, params.id);
      const before = (await playerFigures(db, a.id)).locks;
      const cleared = await identity.unlockAccount(a.id);
      audit(req, a, 'players.unlock', { before, after: { cleared }, reason: body.reason });
      return { cleared };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/players/:id/reset-password-link',
    access: ['operator'],
    permission: 'players.write',
    params: opsPlayerIdParams,
    body: opsPlayerUnlockBody,
    response: opsResetLinkValue,
    handler: async ({ params, body, principal, req }) => {
      const a = await player(principal, params.id);
      const sent = await identity.sendPasswordResetLink(a.id);
      audit(req, a, 'players.reset_link', { after: sent, reason: body.reason });
      return sent;
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: '/ops/players/:id/tags',
    access: ['operator'],
    permission: 'players.write',
    params: opsPlayerIdParams,
    body: opsPlayerTagsBody,
    response: opsPlayerTagsValue,
    handler: async ({ params, body, principal, req }) => {
      const a = await player(principal, params.id);
      const { before, after } = await records.setTags(a.id, body.tags);
      audit(req, a, 'players.tags', { before: { tags: before }, after: { tags: after } });
      return { tags: after };
    },
  });

  for (const [verb, excluded] of [
    ['exclude', true],
    ['include', false],
  ] as const) {
    addRoute(app, {
      method: 'POST',
      url: `/ops/players/:id/promotions/${verb}`,
      access: ['operator'],
      permission: 'players.write',
      params: opsPlayerIdParams,
      body: opsPromotionExclusionBody,
      response: opsPromotionExclusionValue,
      handler: async ({ params, body, principal, req }) => {
        const a = await player(principal, params.id);
        const operator = operatorOf(principal);
        const { before } = excluded
          ? await promotions.exclude({
              accountId: a.id,
              merchantCode: a.merchantCode,
              reason: body.reason,
              actor: `operator:${operator.id}`,
            })
          : await promotions.include(a.id);
        audit(req, a, `players.promotions.${verb}`, {
          before: { excluded: before },
          after: { excluded },
          reason: body.reason,
        });
        return { excluded };
      },
    });
  }

  addRoute(app, {
    method: 'POST',
    url: '/ops/players/:id/adjustments',
    access: ['operator'],
    permission: 'players.adjust',
    params: opsPlayerIdParams,
    body: opsAdjustmentBody,
    response: opsAdjustmentValue,
    handler: async ({ params, body, principal, req }) => {
      const a = await player(principal, params.id);
      const before = (await playerFigures(db, a.id)).balances;
      const result = await adjustments.adjust(a, body, operatorOf(principal));
      const after = result.state === 'applied' ? (await playerFigures(db, a.id)).balances : before;
      audit(req, a, 'players.adjust', {
        before,
        after: { ...after, request: body, state: result.state, approvalId: result.approval?.id },
        reason: body.reason,
      });
      return result;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/players/:id/bonuses',
    access: ['operator'],
    permission: 'players.adjust',
    params: opsPlayerIdParams,
    body: opsBonusGrantBody,
    response: opsBonusGrantValue,
    handler: async ({ params, body, principal, req }) => {
      const a = await player(principal, params.id);
      const operator = operatorOf(principal);
      const granted = await promotions.grantByOperator({
        merchantCode: a.merchantCode,
        promotionId: body.promotionId,
        accountId: a.id,
        amount: BigInt(body.amount),
        turnoverMultipleTenths: body.turnoverMultipleTenths,
        requestId: `${operator.id}:${body.requestId}`,
        actor: `operator:${operator.id}`,
      });
      if (!granted) throw new AppError('conflict', "The promotion's budget cannot pay this bonus");
      const value = {
        claimId: granted.claim.id,
        amount: granted.claim.amount.toString(),
        turnover: granted.claim.turnover.toString(),
        replayed: granted.replayed,
      };
      audit(req, a, 'players.bonus', {
        after: { ...value, promotionId: body.promotionId },
        reason: body.reason,
      });
      return value;
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/player-settings/:merchantCode',
    access: ['operator'],
    permission: 'players.read',
    params: opsMerchantParams,
    response: opsPlayerSettings,
    handler: async ({ params, principal }) => {
      requireMerchantScope(principal, params.merchantCode);
      const above = await records.adjustApprovalAbove(params.merchantCode);
      return { merchantCode: params.merchantCode, adjustApprovalAbove: above.toString() };
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: '/ops/player-settings/:merchantCode',
    access: ['operator'],
    permission: 'approvals.review',
    params: opsMerchantParams,
    body: opsPlayerSettingsBody,
    response: opsPlayerSettings,
    handler: async ({ params, body, principal, req }) => {
      requireMerchantScope(principal, params.merchantCode);
      const { before, after } = await records.setAdjustApprovalAbove(
        params.merchantCode,
        BigInt(body.adjustApprovalAbove),
      );
      noteAudit(req, {
        action: 'players.settings',
        targetType: 'merchant',
        targetId: params.merchantCode,
        merchantCode: params.merchantCode,
        before: { adjustApprovalAbove: before.toString() },
        after: { adjustApprovalAbove: after.toString() },
        reason: body.reason ?? null,
      });
      return { merchantCode: params.merchantCode, adjustApprovalAbove: after.toString() };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/approvals',
    access: ['operator'],
    permission: 'approvals.read',
    query: opsApprovalQuery,
    response: opsApprovalPage,
    handler: ({ query, principal }) => approvals.list(query, scopeOf(principal)),
  });

  for (const decision of ['approve', 'reject'] as const) {
    addRoute(app, {
      method: 'POST',
      url: `/ops/approvals/:id/${decision}`,
      access: ['operator'],
      permission: 'approvals.review',
      params: opsPlayerIdParams,
      body: opsApprovalDecisionBody,
      response: opsApproval,
      handler: async ({ params, body, principal, req }) => {
        const decided = await approvals.decide(
          params.id,
          operatorOf(principal),
          decision === 'approve',
          body.note,
          (merchantCode) => requireMerchantScope(principal, merchantCode),
        );
        noteAudit(req, {
          action: `approvals.${decision}`,
          targetType: decided.targetType,
          targetId: decided.targetId,
          merchantCode: decided.merchantCode,
          before: { status: 'pending', kind: decided.kind, payload: decided.payload },
          after: { status: decided.status, result: decided.result },
          reason: body.note ?? decided.reason,
        });
        return decided;
      },
    });
  }
}
