import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { Resvg } from '@resvg/resvg-js';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { providerOutbox } from '../../platform/providers/schema';
import { captchaChallenges } from './schema';
import { digest, sameDigest } from './secrets';
import { addressKey, Throttles } from './throttles';

const LIFETIME_MS = 5 * 60_000;
/** §9: a client gets at most one new image a second. */
const MIN_INTERVAL_MS = 1_000;
/** Send windows (captchas, codes) idle this long hold nothing any more. */
const SEND_WINDOWS_KEPT_MS = 3_600_000;
// No 0/O, 1/I/L: the answer is typed on a phone keyboard.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Image captchas: a PNG for the client, the answer's hash for us, one try each. */
export class CaptchaService {
  /**
   * @param revealAnswers outside production, each answer is also written to the outbox so a
   * person or a browser test can read it, as with SMS codes.
   */
  private readonly throttles: Throttles;

  constructor(
    private readonly db: Db,
    private readonly revealAnswers: boolean,
  ) {
    this.throttles = new Throttles(db);
  }

  async issue(clientIp: string): Promise<{ id: string; png: Buffer }> {
    const now = new Date();
    // Counted in the statement that allows it, so a burst from one client gets one image.
    const allowed = await this.throttles.takeSends([
      {
        key: `captcha:${addressKey(clientIp)}`,
        limit: 1,
        perMs: MIN_INTERVAL_MS,
        minIntervalMs: MIN_INTERVAL_MS,
      },
    ]);
    if (!allowed) throw new AppError('TOO_MANY_REQUESTS', 'One captcha a second, please');
    const challenge = svgCaptcha.create({
      size: 4,
      charPreset: ALPHABET,
      noise: 2,
      color: true,
      width: 120,
      height: 44,
      background: '#f4efe6',
    });
    const png = new Resvg(challenge.data, { fitTo: { mode: 'width', value: 120 } })
      .render()
      .asPng();
    const id = randomUUID();
    await this.db.insert(captchaChallenges).values({
      id,
      answerHash: digest(challenge.text.toUpperCase()),
      clientIp,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LIFETIME_MS),
    });
    if (this.revealAnswers) {
      await this.db.insert(providerOutbox).values({
        id: randomUUID(),
        channel: 'captcha',
        destination: id,
        subject: null,
        body: challenge.text,
      });
    }
    // Old challenges are of no use to anyone; clearing them here keeps the table small.
    await this.db
      .delete(captchaChallenges)
      .where(lt(captchaChallenges.expiresAt, new Date(now.getTime() - LIFETIME_MS)));
    await this.throttles.pruneSends(SEND_WINDOWS_KEPT_MS);
    return { id, png };
  }

  /** True when the answer matches a live challenge; the challenge is spent either way. */
  async check(id: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!id || !answer) return false;
    const [row] = await this.db
      .update(captchaChallenges)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(captchaChallenges.id, id),
          isNull(captchaChallenges.usedAt),
          gt(captchaChallenges.expiresAt, new Date()),
        ),
      )
      .returning({ answerHash: captchaChallenges.answerHash });
    return row !== undefined && sameDigest(row.answerHash, digest(answer.trim().toUpperCase()));
  }
}
