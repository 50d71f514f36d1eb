import type { FastifyInstance } from 'fastify';
import {
  transactionPageSchema,
  transactionQuerySchema,
  walletBalanceSchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import type { WalletService } from './service';

export function registerWalletRoutes(app: FastifyInstance, wallet: WalletService): void {
  addRoute(app, {
    method: 'GET',
    url: '/wps/v2/wallets/balance',
    access: ['member', 'agent'],
    response: walletBalanceSchema,
    handler: ({ principal }) => wallet.balance(principal!.merchantCode, principal!.subjectId),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/transactions',
    access: ['member', 'agent'],
    query: transactionQuerySchema,
    response: transactionPageSchema,
    handler: ({ query, principal }) =>
      wallet.transactions(
        { accountId: principal!.subjectId, merchantCode: principal!.merchantCode },
        query,
      ),
  });
}
