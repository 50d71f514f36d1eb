import type { FastifyInstance } from 'fastify';
import { walletBalanceSchema } from '@taya/contracts';
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
}
