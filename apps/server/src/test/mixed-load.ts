import { createHmac, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sealRequest, type PublicKeyValue } from '@taya/contracts';

/**
 * A steady mixed load through one address (the load balancer), as a day's clients make it:
 * catalog reads, log-ins, slot spins, a vendor's bet+win pairs and lottery bets, each worker a
 * player of its own doing each in turn. A client whose call fails (the node died under it, the
 * balancer answered 502/503) retries the same call a few times, with the same transaction or
 * request id where the call has one, as players' apps and vendors do. What each call got is
 * recorded, with the ids of every money movement that was acknowledged.
 */

export type LoadKind = 'read' | 'login' | 'spin' | 'vendor' | 'lottery';
export const loadKinds: readonly LoadKind[] = ['read', 'login', 'spin', 'vendor', 'lottery'];

export interface LoadPlayer {
  /** The member's site session. */
  token: string;
  /** How the member logs in, always from the same address (a new one would be challenged). */
  login: { username: string; password: string; address: string };
  slot: { session: string; playerId: string };
  vendor: { sessionToken: string; playerId: string };
}

export interface LoadOptions {
  url: string;
  players: LoadPlayer[];
  vendor: { code: string; secret: string };
  /** Runs until this resolves. */
  until: Promise<unknown>;
}

/** One call as a client saw it: when it ended, what it was, and whether it was answered. */
export interface LoadCall {
  at: number;
  kind: LoadKind;
  ok: boolean;
  /** The failure as the client saw it (`http_502`, `fetch failed`, an error code). */
  error?: string;
}

export interface LoadRecord {
  calls: LoadCall[];
  /** Each try that failed and was tried again: when, and how it failed. */
  retries: { at: number; error: string }[];
  /** Acknowledged money movements, by what identifies them in the books. */
  acknowledged: { spins: string[]; vendorTx: string[]; lotteryRequests: string[] };
}

/** A failure a client retries: the call may not have reached a live node. */
class Retryable extends Error {}

export async function runMixedLoad(options: LoadOptions): Promise<LoadRecord> {
  const record: LoadRecord = {
    calls: [],
    retries: [],
    acknowledged: { spins: [], vendorTx: [], lotteryRequests: [] },
  };
  let done = false;
  void options.until.then(() => (done = true));
  let sequence = 0;
  /** Each call from an address of its own: the per-client rate limit is not what is tested. */
  const client = () => {
    const n = sequence++;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    init: { body?: string; headers?: Record<string, string>; address?: string } = {},
  ) => {
    let res: Response;
    try {
      res = await fetch(`${options.url}${path}`, {
        method,
        headers: {
          'x-forwarded-for': init.address ?? client(),
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        ...(init.body ? { body: init.body } : {}),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new Retryable((error as Error).message);
    }
    const text = await res.text().catch(() => '');
    if (res.status >= 500 || res.status === 0) throw new Retryable(`http_${res.status}`);
    let json: { success?: boolean; errorCode?: string; value?: unknown };
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      throw new Retryable(`http_${res.status}_not_json`);
    }
    if (!res.ok || json.success !== true) throw new Error(json.errorCode ?? `http_${res.status}`);
    return json.value;
  };
  const signed = (body: object) => {
    const raw = JSON.stringify(body);
    return {
      body: raw,
      headers: {
        'x-taya-signature': createHmac('sha256', options.vendor.secret).update(raw).digest('hex'),
      },
    };
  };
  let publicKey: PublicKeyValue | null = null;
  const vendorPath = (action: string) => `/wallet-api/seamless/${options.vendor.code}/${action}`;

  /** A call tried up to four times while it fails in a way a retry may mend. */
  const retried = async <T>(operation: () => Promise<T>): Promise<T> => {
    for (let tries = 1; ; tries++) {
      try {
        return await operation();
      } catch (error) {
        if (!(error instanceof Retryable) || tries >= 4) throw error;
        record.retries.push({ at: performance.now(), error: error.message });
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  };
  const attempt = async (kind: LoadKind, operation: () => Promise<void>) => {
    try {
      await operation();
      record.calls.push({ at: performance.now(), kind, ok: true });
    } catch (error) {
      record.calls.push({
        at: performance.now(),
        kind,
        ok: false,
        error: (error as Error).message,
      });
    }
  };

  const auth = (player: LoadPlayer) => ({ authorization: `Bearer ${player.token}` });
  const operations: Record<LoadKind, (player: LoadPlayer) => Promise<void>> = {
    read: async () => {
      await retried(() =>
        call('GET', '/wps/relay/GCSGAME_gameList?pageNo=1&pageSize=20&language=en'),
      );
    },
    login: async (player) => {
      publicKey ??= (await retried(() => call('GET', '/wps/session/key/rsa'))) as PublicKeyValue;
      const key = publicKey;
      const { username, password, address } = player.login;
      await retried(async () => {
        const sealed = await sealRequest(key, 'POST', '/wps/session/login', {
          username,
          password,
        });
        return call('POST', '/wps/session/login', {
          body: JSON.stringify(sealed.body),
          headers: { encryption: sealed.header, 'idempotency-key': randomUUID() },
          address,
        });
      });
    },
    spin: async (player) => {
      // Named, as the game page names each press: a retry after a lost answer is the same spin.
      const body = JSON.stringify({
        ...player.slot,
        gameCode: 'TAYA_FORTUNE',
        bet: '1.00',
        requestId: `load-${randomUUID()}`,
      });
      const value = (await retried(() => call('POST', '/taya-games/slot/spin', { body }))) as {
        roundId: string;
      };
      record.acknowledged.spins.push(value.roundId);
    },
    vendor: async (player) => {
      const round = randomUUID();
      const bet = signed({
        sessionToken: player.vendor.sessionToken,
        playerId: player.vendor.playerId,
        txId: `${round}:bet`,
        roundId: round,
        amount: '1.00',
        timestamp: Date.now(),
      });
      // The vendor retries the same transaction until it is answered.
      await retried(() => call('POST', vendorPath('bet'), bet));
      record.acknowledged.vendorTx.push(`${round}:bet`);
      const win = signed({
        playerId: player.vendor.playerId,
        txId: `${round}:win`,
        roundId: round,
        amount: round.charCodeAt(0) % 3 === 0 ? '2.50' : '0.00',
        final: true,
        timestamp: Date.now(),
      });
      await retried(() => call('POST', vendorPath('win'), win));
      record.acknowledged.vendorTx.push(`${round}:win`);
    },
    lottery: async (player) => {
      const requestId = `load-${randomUUID()}`;
      const body = JSON.stringify({
        gameCode: 'ELOTT_3M',
        requestId,
        bets: [{ type: 'SUM_OE', selection: ['odd'], unitStake: '1', units: 1 }],
      });
      // The same request id again: the first one's bets, or a first time.
      await retried(() => call('POST', '/lotto/bets', { body, headers: auth(player) }));
      record.acknowledged.lotteryRequests.push(requestId);
    },
  };

  await Promise.all(
    options.players.map(async (player, p) => {
      let loggedInAt = -Infinity;
      for (let n = p; !done; n++) {
        const kind = loadKinds[n % loadKinds.length]!;
        // A player logs in now and then (every 2 s at most), and plays in between.
        if (kind === 'login') {
          if (performance.now() - loggedInAt < 2_000) continue;
          loggedInAt = performance.now();
        }
        await attempt(kind, () => operations[kind](player));
      }
    }),
  );
  return record;
}
