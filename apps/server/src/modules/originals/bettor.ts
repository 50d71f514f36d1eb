import type { Principal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import { maskName } from '../games';
import type { IdentityService } from '../identity';
import { demoGuestName, demoPlayer } from './demo-purse';
import type { Member } from './service';

/**
 * A bettor of the shared-round originals (crash, the Colour Game, bingo): a member, with real
 * money through the kernel, or a demo session, with play money.
 */
export type Bettor =
  | { kind: 'member'; member: Member }
  | { kind: 'demo'; merchantCode: string | undefined; session: string };

/** The demo session of a body, or a 400 naming `session`. */
export function requireSession(session: string | undefined): string {
  if (!session)
    throw new AppError('request_param_err', 'Invalid body: session', [
      { path: 'session', code: 'invalid', message: 'the demo session' },
    ]);
  return session;
}

/** The signed-in member or agent of a player route. */
export const memberOf = (principal: Principal | null): Member => ({
  accountId: principal!.subjectId,
  merchantCode: principal!.merchantCode,
});

export const memberBettor = (principal: Principal | null): Bettor => ({
  kind: 'member',
  member: memberOf(principal),
});

/** A free-play bettor: the body's demo session (a 400 without one) at the caller's merchant. */
export const demoBettor = (
  session: string | undefined,
  merchantCode: string | undefined,
): Bettor => ({
  kind: 'demo',
  session: requireSession(session),
  merchantCode,
});

/** The merchant a bettor plays at (a demo's may be absent: the default merchant). */
export const bettorMerchant = (bettor: Bettor): string | undefined =>
  bettor.kind === 'member' ? bettor.member.merchantCode : bettor.merchantCode;

/** The player column of a bettor's rows: the account, or `demo:` and the session's digest. */
export const bettorId = (bettor: Bettor): string =>
  bettor.kind === 'member' ? bettor.member.accountId : demoPlayer(bettor.session);

/** The name others see on the round: the masked username, or a guest's short tag. */
export async function bettorName(
  identity: Pick<IdentityService, 'usernames'>,
  bettor: Bettor,
): Promise<string> {
  if (bettor.kind === 'demo') return demoGuestName(bettor.session);
  const names = await identity.usernames([bettor.member.accountId]);
  return maskName(names.get(bettor.member.accountId) ?? 'player');
}
