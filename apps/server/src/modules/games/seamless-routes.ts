import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import type { SeamlessWallet } from './seamless';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/** The header carrying a vendor's signature of the raw body. */
export const vendorSignatureHeader = 'x-taya-signature';

const vendorParams = z.strictObject({ vendor: z.string().regex(/^[A-Z0-9_]{2,20}$/) });
const amount = z.string().regex(/^\d{1,15}(\.\d{1,2})?$/);
const signed = { timestamp: z.number().int() };
const id = z.string().min(1).max(100);
const answer = z.object({ balance: z.string(), currency: z.string() });

function verified(wallet: SeamlessWallet, req: FastifyRequest, vendor: string, timestamp: number) {
  const signature = req.headers[vendorSignatureHeader];
  wallet.verify(
    vendor,
    req.rawBody ?? '',
    typeof signature === 'string' ? signature : undefined,
    timestamp,
  );
}

/**
 * The seamless wallet API game vendors call (`/wallet-api/seamless/:vendor/...`). Public as far
 * as sessions go: each body is signed with the vendor's secret instead, and checked against the
 * exact bytes received.
 */
export async function registerSeamlessRoutes(app: FastifyInstance, wallet: SeamlessWallet) {
  await app.register(async (scope) => {
    // Keep the raw JSON: the signature covers the bytes, not a re-serialisation.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      req.rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError('invalid_json'), undefined);
      }
    });

    addRoute(scope, {
      method: 'POST',
      url: '/wallet-api/seamless/:vendor/authenticate',
      access: 'public',
      params: vendorParams,
      body: z.strictObject({ ...signed, launchToken: z.string().min(10).max(200) }),
      response: answer.extend({
        sessionToken: z.string(),
        playerId: z.string(),
        gameCode: z.string(),
      }),
      handler: ({ req, params, body }) => {
        verified(wallet, req, params.vendor, body.timestamp);
        return wallet.authenticate(params.vendor, body.launchToken);
      },
    });

    addRoute(scope, {
      method: 'POST',
      url: '/wallet-api/seamless/:vendor/balance',
      access: 'public',
      params: vendorParams,
      body: z.strictObject({ ...signed, sessionToken: z.string().min(10).max(200) }),
      response: answer,
      handler: ({ req, params, body }) => {
        verified(wallet, req, params.vendor, body.timestamp);
        return wallet.balance(params.vendor, body.sessionToken);
      },
    });

    addRoute(scope, {
      method: 'POST',
      url: '/wallet-api/seamless/:vendor/bet',
      access: 'public',
      params: vendorParams,
      body: z.strictObject({
        ...signed,
        sessionToken: z.string().min(10).max(200),
        playerId: id,
        txId: id,
        roundId: id,
        amount,
      }),
      response: answer,
      handler: ({ req, params, body }) => {
        verified(wallet, req, params.vendor, body.timestamp);
        const { sessionToken, timestamp: _t, ...call } = body;
        return wallet.bet(params.vendor, sessionToken, call);
      },
    });

    addRoute(scope, {
      method: 'POST',
      url: '/wallet-api/seamless/:vendor/win',
      access: 'public',
      params: vendorParams,
      body: z.strictObject({
        ...signed,
        playerId: id,
        txId: id,
        roundId: id,
        amount,
        final: z.boolean().default(true),
      }),
      response: answer,
      handler: ({ req, params, body }) => {
        verified(wallet, req, params.vendor, body.timestamp);
        const { timestamp: _t, ...call } = body;
        return wallet.win(params.vendor, call);
      },
    });

    addRoute(scope, {
      method: 'POST',
      url: '/wallet-api/seamless/:vendor/rollback',
      access: 'public',
      params: vendorParams,
      body: z.strictObject({ ...signed, playerId: id, txId: id, betTxId: id }),
      response: answer,
      handler: ({ req, params, body }) => {
        verified(wallet, req, params.vendor, body.timestamp);
        const { timestamp: _t, ...call } = body;
        return wallet.rollback(params.vendor, call);
      },
    });
  });
}
