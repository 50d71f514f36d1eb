import type { FastifyInstance } from 'fastify';
import {
  opsOperatorCreateBody,
  opsOperatorEnrolment,
  opsOperatorIdParams,
  opsOperatorPage,
  opsOperatorQuery,
  opsOperatorReasonBody,
  opsOperatorRow,
  opsOperatorStatusValue,
  opsOperatorUpdateBody,
} from '@taya/contracts';
import type { Principal } from '../../platform/auth/sessions';
import { noteAudit } from '../../platform/audit';
import { AppError, fieldError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import type { SystemServices } from '../system';
import { toRow, type OperatorAdmin } from './management';
import type { CreatedOperator, OperatorService } from './service';

/** Where the console's enrolment page takes the one-time token. */
const enrolmentOf = (created: CreatedOperator) => ({
  id: created.id,
  username: created.username,
  enrolPath: `/console/enrol?token=${created.enrolToken}`,
  otpauthUri: created.otpauthUri,
  expiresAt: created.enrolExpiresAt.toISOString(),
});

/**
 * Operator management (`/ops/operators`, `operators.read` / `operators.write`): list within the
 * caller's merchants; create with a one-time enrolment link; change role, merchants and address
 * allow-list; disable (its sessions end at once) or enable; reset the second factor (a new
 * link). Nobody gets a role or merchants beyond the caller's own, and nobody disables itself.
 */
export function registerOperatorAdminRoutes(
  app: FastifyInstance,
  deps: { operators: OperatorService; admin: OperatorAdmin; system: SystemServices['system'] },
): void {
  const { operators, admin, system } = deps;

  const requireMerchants = async (merchants: string[] | null | undefined) => {
    for (const [i, code] of (merchants ?? []).entries()) {
      if (!(await system.merchants()).some((m) => m.merchantCode === code))
        throw fieldError(`merchants.${i}`, 'invalid', 'No such merchant');
    }
  };
  const notSelf = (principal: Principal | null, id: string, what: string) => {
    if (principal?.subjectId === id) throw new AppError('forbidden', `You cannot ${what} yourself`);
  };

  addRoute(app, {
    method: 'GET',
    url: '/ops/operators',
    access: ['operator'],
    permission: 'operators.read',
    query: opsOperatorQuery,
    response: opsOperatorPage,
    handler: ({ query, principal }) => admin.list(principal!, query),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/operators',
    access: ['operator'],
    permission: 'operators.write',
    body: opsOperatorCreateBody,
    response: opsOperatorEnrolment,
    status: 201,
    handler: async ({ body, principal, req }) => {
      admin.requireReach(principal!, { role: body.role, merchants: body.merchants });
      await requireMerchants(body.merchants);
      const created = await operators.create(
        {
          username: body.username,
          role: body.role,
          merchants: body.merchants,
          ipAllowList: body.ipAllowList,
        },
        { record: false },
      );
      noteAudit(req, {
        action: 'operators.create',
        targetType: 'operator',
        targetId: created.id,
        after: {
          username: body.username,
          role: body.role,
          merchants: body.merchants,
          ipAllowList: body.ipAllowList,
        },
      });
      return enrolmentOf(created);
    },
  });

  addRoute(app, {
    method: 'PATCH',
    url: '/ops/operators/:id',
    access: ['operator'],
    permission: 'operators.write',
    params: opsOperatorIdParams,
    body: opsOperatorUpdateBody,
    response: opsOperatorRow,
    handler: async ({ params, body, principal, req }) => {
      const before = await admin.manageable(principal!, params.id);
      admin.requireReach(principal!, body);
      await requireMerchants(body.merchants);
      const after = await admin.update(params.id, body);
      // A session keeps the role and scope it started with: a change ends them.
      const scopeChanged =
        (body.role !== undefined && body.role !== before.role) ||
        (body.merchants !== undefined &&
          JSON.stringify(body.merchants) !== JSON.stringify(before.merchants));
      if (scopeChanged) await app.services.sessions.revokeAllFor(params.id);
      const pick = (r: typeof before) => ({
        role: r.role,
        merchants: r.merchants,
        ipAllowList: r.ipAllowList ?? [],
      });
      noteAudit(req, {
        action: 'operators.update',
        targetType: 'operator',
        targetId: params.id,
        before: pick(before),
        after: pick(after),
      });
      return toRow(after);
    },
  });

  for (const status of ['disabled', 'active'] as const) {
    addRoute(app, {
      method: 'POST',
      url: `/ops/operators/:id/${status === 'disabled' ? 'disable' : 'enable'}`,
      access: ['operator'],
      permission: 'operators.write',
      params: opsOperatorIdParams,
      body: opsOperatorReasonBody,
      response: opsOperatorStatusValue,
      handler: async ({ params, principal, req }) => {
        const before = await admin.manageable(principal!, params.id);
        notSelf(principal, params.id, status === 'disabled' ? 'disable' : 'enable');
        const sessionsEnded = await operators.setStatus(params.id, status);
        noteAudit(req, {
          action: status === 'disabled' ? 'operators.disable' : 'operators.enable',
          targetType: 'operator',
          targetId: params.id,
          before: { status: before.status },
          after: { status, sessionsEnded },
        });
        return { id: params.id, status, sessionsEnded };
      },
    });
  }

  addRoute(app, {
    method: 'POST',
    url: '/ops/operators/:id/reset-second-factor',
    access: ['operator'],
    permission: 'operators.write',
    params: opsOperatorIdParams,
    body: opsOperatorReasonBody,
    response: opsOperatorEnrolment,
    handler: async ({ params, principal, req }) => {
      await admin.manageable(principal!, params.id);
      notSelf(principal, params.id, 'reset the second factor of');
      const reset = await operators.resetSecondFactor(params.id);
      noteAudit(req, {
        action: 'operators.reset_second_factor',
        targetType: 'operator',
        targetId: params.id,
        after: {
          enrolExpiresAt: reset.enrolExpiresAt.toISOString(),
          sessionsEnded: reset.sessionsEnded,
        },
      });
      return enrolmentOf(reset);
    },
  });
}
