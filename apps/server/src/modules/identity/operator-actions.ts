import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import type { IdentityDeps } from './model';
import { sendResetLink } from './passwords';
import { accounts, loginAddressThrottle, loginThrottle } from './schema';
import type { AccountRow } from './store';

/**
 * What operators' player management (modules/players) asks of identity: an account as an
 * operator sees it, enabling a disabled account, clearing its locks and sending it a reset link.
 * Disabling is `disableAccount` (accounts.ts).
 */

/** The account, or 404 `not_found` (trial players are not managed). */
export async function managedAccount(deps: IdentityDeps, accountId: string): Promise<AccountRow> {
  const account = await deps.store.byId(accountId);
  if (!account || account.type === 4) throw new AppError('not_found', 'No such player');
  return account;
}

/** Lets a disabled account log in again (its ended sessions stay ended). */
export async function enableAccount(deps: IdentityDeps, accountId: string): Promise<void> {
  const [row] = await deps.db
    .update(accounts)
    .set({ status: 'active' })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  if (!row) throw new AppError('not_found', 'No such account');
}

/**
 * Clears the account's log-in locks (the name's, and from every address) and the payment
 * password's. Answers how many lock rows there were.
 */
export async function unlockAccount(deps: IdentityDeps, accountId: string): Promise<number> {
  const account = await managedAccount(deps, accountId);
  const byAddress = await deps.db
    .delete(loginAddressThrottle)
    .where(
      and(
        eq(loginAddressThrottle.merchantCode, account.merchantCode),
        eq(loginAddressThrottle.usernameKey, account.usernameKey),
      ),
    )
    .returning({ ip: loginAddressThrottle.clientIp });
  let cleared = byAddress.length;
  for (const key of [account.usernameKey, `payment-password:${account.id}`]) {
    const rows = await deps.db
      .delete(loginThrottle)
      .where(
        and(
          eq(loginThrottle.merchantCode, account.merchantCode),
          eq(loginThrottle.usernameKey, key),
        ),
      )
      .returning({ key: loginThrottle.usernameKey });
    cleared += rows.length;
  }
  return cleared;
}

/**
 * Sends the account a password reset link by e-mail, the same link the member's "forgot
 * password" sends (30 minutes, once). 409 `conflict` when the account has no e-mail.
 */
export async function sendPasswordResetLink(
  deps: IdentityDeps,
  accountId: string,
): Promise<{ channel: 'email'; destination: string }> {
  const account = await managedAccount(deps, accountId);
  if (!account.email) throw new AppError('conflict', 'This player has no e-mail address');
  await sendResetLink(deps, account.id, account.email);
  return { channel: 'email', destination: account.email };
}
