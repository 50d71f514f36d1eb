import {
  constants,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  sealedAdditionalData,
  sealedAlgorithm,
  sealedBodySchema,
  sealedMaxSkewMs,
  encryptionHeader,
  type PublicKeyValue,
} from '@taya/contracts';
import type { Db } from './db';
import { AppError } from './errors';
import { sealedNonces } from './sealed-schema';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body must arrive sealed (SPEC §7 "E"); it is opened before validation. */
    sealed?: boolean;
  }
}

function describe(privateKey: KeyObject) {
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const published: PublicKeyValue = {
    keyId: createHash('sha256').update(spki).digest('hex').slice(0, 16),
    algorithm: sealedAlgorithm,
    publicKey: spki.toString('base64'),
  };
  return { privateKey, published };
}

/** Opens sealed request bodies (see packages/contracts/src/sealed.ts for the format). */
export class SealedRequests {
  private key: { privateKey: KeyObject; published: PublicKeyValue } | null = null;

  /**
   * @param privateKeyPem PKCS#8 or PKCS#1 PEM; without one a key is made for this process, off the
   * main thread while the server starts (made on the spot if a call needs it before then).
   */
  constructor(
    private readonly db: Db,
    privateKeyPem?: string,
  ) {
    if (privateKeyPem) {
      this.key = describe(createPrivateKey(privateKeyPem));
      return;
    }
    generateKeyPair('rsa', { modulusLength: 2048 }, (err, _publicKey, privateKey) => {
      if (!err) this.key ??= describe(privateKey);
    });
  }

  private current() {
    this.key ??= describe(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    return this.key;
  }

  publicKey(): PublicKeyValue {
    return this.current().published;
  }

  async open(
    header: string | undefined,
    rawBody: unknown,
    method: string,
    path: string,
  ): Promise<unknown> {
    const parsedBody = sealedBodySchema.safeParse(rawBody);
    if (!header || !parsedBody.success) throw new AppError('encryption_required');
    const [version, keyId, wrapped] = header.split('.');
    if (version !== 'v1' || !wrapped) throw new AppError('decryption_failed');
    const { privateKey, published } = this.current();
    if (keyId !== published.keyId) {
      // The client holds an old key (the server restarted or rotated): it fetches the new one.
      throw new AppError('decryption_failed', 'The encryption key has changed; fetch it again');
    }
    let plaintext: { ts?: unknown; nonce?: unknown; body?: unknown };
    try {
      const aesKey = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(wrapped, 'base64'),
      );
      const payload = Buffer.from(parsedBody.data.value, 'base64');
      const iv = payload.subarray(0, 12);
      const tag = payload.subarray(payload.length - 16);
      const data = payload.subarray(12, payload.length - 16);
      const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
      decipher.setAAD(sealedAdditionalData(method, path));
      decipher.setAuthTag(tag);
      plaintext = JSON.parse(
        Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8'),
      );
    } catch {
      throw new AppError('decryption_failed');
    }
    const { ts, nonce, body } = plaintext;
    if (
      typeof ts !== 'number' ||
      typeof nonce !== 'string' ||
      nonce.length < 16 ||
      nonce.length > 64
    ) {
      throw new AppError('decryption_failed');
    }
    if (Math.abs(Date.now() - ts) > sealedMaxSkewMs) throw new AppError('request_expired');
    const now = new Date();
    const claimed = await this.db
      .insert(sealedNonces)
      .values({ nonce, expiresAt: new Date(now.getTime() + 2 * sealedMaxSkewMs) })
      .onConflictDoNothing()
      .returning({ nonce: sealedNonces.nonce });
    if (claimed.length === 0) throw new AppError('request_replayed');
    // Nonces older than twice the allowed skew can no longer pass the clock check.
    if (Math.random() < 0.05)
      await this.db.delete(sealedNonces).where(lt(sealedNonces.expiresAt, now));
    return body;
  }

  /**
   * Opens the body of every route declared `sealed` before its schema sees it: a hook of those
   * routes alone (installed before the routes are added), so other calls do not pass through it.
   */
  install(app: FastifyInstance): void {
    const openBody = async (req: FastifyRequest) => {
      const header = req.headers[encryptionHeader];
      req.body = await this.open(
        typeof header === 'string' ? header : undefined,
        req.body,
        req.method,
        req.url,
      );
    };
    app.addHook('onRoute', (route) => {
      if (!route.config?.sealed) return;
      const own = route.preValidation;
      route.preValidation = own ? [openBody, ...[own].flat()] : openBody;
    });
  }
}
