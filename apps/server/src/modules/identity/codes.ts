import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Providers } from '../../platform/providers';
import { verificationCodes } from './schema';
import { digest, sameDigest, sixDigitCode } from './secrets';
import { addressKey, Throttles } from './throttles';

export type CodePurpose =
  | 'register'
  | 'login'
  | 'reset'
  | 'login_verify'
  | 'bind_email'
  | 'bind_mobile'
  | 'payment_password';

export interface CodePolicy {
  /** How long a code lives, which is also the client's resend countdown (§4: 60 s × minutes). */
  expiredMinutes: number;
  /** §9: one request a second per number. */
  minIntervalMs: number;
  perNumberPerHour: number;
  perIpPerHour: number;
  maxAttempts: number;
}

export const defaultCodePolicy: CodePolicy = {
  expiredMinutes: 1,
  minIntervalMs: 1_000,
  perNumberPerHour: 5,
  perIpPerHour: 20,
  maxAttempts: 5,
};

const tooMany = () =>
  new AppError('TOO_MANY_REQUESTS', 'Too many requests, please try again after 5 minutes');

/** The national number without spaces or trunk zeros: "0917 123 4567" → "9171234567". */
export function nationalNumber(mobile: string): string {
  return mobile.replace(/\D/g, '').replace(/^0+/, '');
}

/** The dialing code a merchant's players have unless they pick another: Myanmar's or the Philippines'. */
export function defaultDialingCode(country: string): string {
  return country === 'MM' ? '+95' : '+63';
}

/** Normalises a dialing code and a local number to E.164: "+63" + "09171234567" → "+639171234567". */
export function e164(countryDialingCode: string, mobile: string): string {
  const cc = countryDialingCode.replace(/^\+/, '');
  return `+${cc}${nationalNumber(mobile)}`;
}

/** SMS codes: random, six digits, hashed, short-lived, throttled per number and per address. */
export class VerificationCodeService {
  private readonly throttles: Throttles;

  constructor(
    private readonly db: Db,
    private readonly providers: Providers,
    private readonly policy: CodePolicy = defaultCodePolicy,
  ) {
    this.throttles = new Throttles(db);
  }

  /** Sends a code by SMS (destination in E.164) or e-mail (destination an address). */
  async send(input: {
    channel: 'sms' | 'email';
    merchantCode: string;
    purpose: CodePurpose;
    destination: string;
    clientIp: string;
    brand: string;
  }): Promise<{ expiredMinutes: number }> {
    const now = Date.now();
    const hour = 3_600_000;
    // Counted and decided in one statement per window, all or none: parallel requests never
    // send more than the quotas, on one node or several.
    const allowed = await this.throttles.takeSends([
      {
        key: `code-from:${addressKey(input.clientIp)}`,
        limit: this.policy.perIpPerHour,
        perMs: hour,
        minIntervalMs: 0,
      },
      {
        key: `code-to:${input.destination}`,
        limit: this.policy.perNumberPerHour,
        perMs: hour,
        minIntervalMs: this.policy.minIntervalMs,
      },
    ]);
    if (!allowed) throw tooMany();
    const code = sixDigitCode();
    await this.db.insert(verificationCodes).values({
      id: randomUUID(),
      merchantCode: input.merchantCode,
      purpose: input.purpose,
      destination: input.destination,
      codeHash: digest(code),
      clientIp: input.clientIp,
      expiresAt: new Date(now + this.policy.expiredMinutes * 60_000),
    });
    const text = `${input.brand}: your verification code is ${code}. It expires in ${this.policy.expiredMinutes} minute(s). Never share it.`;
    if (input.channel === 'sms') {
      await this.providers.sms.send({
        to: input.destination,
        body: text,
        meta: { purpose: input.purpose },
      });
    } else {
      await this.providers.email.send({
        to: input.destination,
        subject: `${input.brand} verification code`,
        body: text,
        meta: { purpose: input.purpose },
      });
    }
    return { expiredMinutes: this.policy.expiredMinutes };
  }

  /**
   * Spends the newest live code for this destination and purpose if it matches; false otherwise.
   * Every check is counted in the statement that picks the code, `maxAttempts` per code.
   */
  async consume(purpose: CodePurpose, destination: string, code: string): Promise<boolean> {
    const newest = this.db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.destination, destination),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    const [row] = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          inArray(verificationCodes.id, newest),
          isNull(verificationCodes.consumedAt),
          lt(verificationCodes.attempts, this.policy.maxAttempts),
        ),
      )
      .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash });
    if (!row || !sameDigest(row.codeHash, digest(code.trim()))) return false;
    const [spent] = await this.db
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return spent !== undefined;
  }
}
