import type { FastifyInstance } from 'fastify';
import { isErrorCode } from '@taya/contracts';
import { AppError } from '../../platform/errors';
import { signVendorBody } from './seamless';
import { vendorSignatureHeader } from './seamless-routes';

/**
 * A vendor's side of the seamless wallet protocol: signs each call with the vendor's secret and
 * reads the envelope. The in-house vendor uses it in process (through the same routes a remote
 * vendor's HTTP calls reach); a simulated vendor in the tests does the same.
 */
export class SeamlessClient {
  constructor(
    private readonly app: FastifyInstance,
    private readonly vendorCode: string,
    private readonly secret: string,
  ) {}

  async call<T>(action: 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback', payload: object) {
    const body = JSON.stringify({ ...payload, timestamp: Date.now() });
    const res = await this.app.inject({
      method: 'POST',
      url: `/wallet-api/seamless/${this.vendorCode}/${action}`,
      payload: body,
      headers: {
        'content-type': 'application/json',
        [vendorSignatureHeader]: signVendorBody(this.secret, body),
      },
    });
    const envelope = res.json() as {
      success: boolean;
      value: T;
      errorCode?: string;
      message?: string;
    };
    if (envelope.success) return envelope.value;
    const code = isErrorCode(envelope.errorCode) ? envelope.errorCode : 'internal_error';
    throw new AppError(code, envelope.message);
  }
}
