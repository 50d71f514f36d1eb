import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  consolidatedFundsSchema,
  type ConsolidatedFunds,
  merchantWalletSchema,
  transactionPageSchema,
  transactionQuerySchema,
  walletBalanceSchema,
  walletReturnSchema,
  walletTransferBodySchema,
  walletTransferSchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/auth/sessions';
import type { SystemService } from '../system';
import type { WalletService } from './service';

const players = ['member', 'agent'] as const;
const member = (p: Principal | null) => ({
  accountId: p!.subjectId,
  merchantCode: p!.merchantCode,
});

export function registerWalletRoutes(
  app: FastifyInstance,
  wallet: WalletService,
  system: SystemService,
  options: {
    /** An agent's contract settings for the consolidated funds (the agents module's). */
    agentContracts?: (agent: {
      accountId: string;
      merchantCode: string;
    }) => Promise<Partial<ConsolidatedFunds>>;
  } = {},
): void {
  addRoute(app, {
    method: 'GET',
    url: '/wps/v2/wallets/balance',
    access: players,
    response: walletBalanceSchema,
    handler: ({ principal }) => wallet.balance(principal!.merchantCode, principal!.subjectId),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/transactions',
    access: players,
    query: transactionQuerySchema,
    response: transactionPageSchema,
    handler: ({ query, principal }) => wallet.transactions(member(principal), query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/info/funds/consolidated',
    access: players,
    response: consolidatedFundsSchema,
    handler: async ({ principal }) => {
      // SPEC §6: only for real members, and only where the merchant runs the agent policy.
      const flags = await system.flags(principal!.merchantCode);
      if (flags.AGENTPOLICY3 !== true) throw new AppError('function.not.available');
      const funds = await wallet.consolidated(principal!.merchantCode, principal!.subjectId);
      // An agent's contracts come with its funds, as the original front end reads them.
      const contracts =
        principal!.role === 'agent' && options.agentContracts
          ? await options.agentContracts({
              accountId: principal!.subjectId,
              merchantCode: principal!.merchantCode,
            })
          : {};
      return { ...funds, ...contracts };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/GCS_merchantWallet',
    access: players,
    response: merchantWalletSchema,
    handler: ({ principal }) => wallet.merchantWallet(principal!.merchantCode),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    access: players,
    body: walletTransferBodySchema,
    response: walletTransferSchema,
    // A repeat under the same Idempotency-Key gets the first answer (the requestId moves once).
    idempotency: 'optional',
    handler: ({ body, principal }) => wallet.transfer(member(principal), body),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/relay/GCS_walletReturn',
    access: players,
    body: z.strictObject({}),
    response: walletReturnSchema,
    handler: ({ principal }) => wallet.returnAll(member(principal)),
  });
}
