import type { FastifyInstance } from 'fastify';
import {
  opsCrashChainSchema,
  opsCrashSaltBlockBodySchema,
  opsCrashSaltBodySchema,
} from '@taya/contracts';
import { noteAudit } from '../../../platform/audit';
import type { Principal } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors';
import { addRoute } from '../../../platform/http';
import type { CrashSaltOps } from './salt-ops';

/** Crash's chain is every merchant's: only an operator of every merchant sets its salt. */
function requireEveryMerchant(principal: Principal | null): void {
  if (principal?.operator?.merchants !== null)
    throw new AppError(
      'forbidden',
      "Crash's chain serves every merchant: it needs an operator of all of them",
    );
}

/**
 * The console's crash chain: read with `games.read`; the salt's two steps (publish the future
 * block, then enter its hash) with `games.originals.write`, a reason, audited before/after.
 */
export function registerCrashOpsRoutes(app: FastifyInstance, ops: CrashSaltOps): void {
  addRoute(app, {
    method: 'GET',
    url: '/ops/originals/crash/chain',
    access: ['operator'],
    permission: 'games.read',
    response: opsCrashChainSchema,
    handler: () => ops.chain(),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/originals/crash/chain/block',
    access: ['operator'],
    permission: 'games.originals.write',
    body: opsCrashSaltBlockBodySchema,
    response: opsCrashChainSchema,
    handler: async ({ body, principal, req }) => {
      requireEveryMerchant(principal);
      const { before, after } = await ops.commitBlock(body.chainId, body.blockHeight);
      noteAudit(req, {
        action: 'originals.crash.salt-block',
        targetType: 'crash_chain',
        targetId: String(body.chainId),
        before,
        after,
        reason: body.reason,
      });
      return after;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/originals/crash/chain/salt',
    access: ['operator'],
    permission: 'games.originals.write',
    body: opsCrashSaltBodySchema,
    response: opsCrashChainSchema,
    handler: async ({ body, principal, req }) => {
      requireEveryMerchant(principal);
      const { before, after } = await ops.setSalt(body.chainId, body.blockHash);
      noteAudit(req, {
        action: 'originals.crash.salt',
        targetType: 'crash_chain',
        targetId: String(body.chainId),
        before,
        after,
        reason: body.reason,
      });
      return after;
    },
  });
}
