/**
 * The load generator of the HTTP benchmarks, run as a process of its own (`fork` from
 * `http-load.ts`), so the server's CPU and the client's are measured apart. It takes its job over
 * IPC, runs one loop per player on keep-alive connections for the given time, and sends back every
 * latency, the errors by kind and its own CPU use.
 *
 * Jobs:
 * - `slot`: a member spins the in-house slot (`POST /taya-games/slot/spin`) again and again;
 * - `vendor`: a vendor sends a signed `bet` and then a signed `win` for a new round each time;
 * - `bare`: the same POST with a JSON body to a bare Fastify route (`POST /bare`) that answers
 *   `{ success: true }`: what HTTP alone costs on this machine, the ceiling of the others;
 * - `get`: GETs of the given paths in turn (a lobby or status read; `GET /bare` on the bare
 *   route), each answer's envelope checked.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface SlotPlayer {
  playerId: string;
  session: string;
}
export interface VendorPlayer {
  playerId: string;
  sessionToken: string;
}
export type LoadJob = (
  | { kind: 'slot'; baseUrl: string; seconds: number; players: SlotPlayer[] }
  | { kind: 'bare'; baseUrl: string; seconds: number; players: unknown[] }
  | {
      kind: 'get';
      baseUrl: string;
      seconds: number;
      players: unknown[];
      paths: string[];
      headers?: Record<string, string>;
    }
  | {
      kind: 'vendor';
      baseUrl: string;
      seconds: number;
      vendorCode: string;
      secret: string;
      players: VendorPlayer[];
    }
) & {
  /** Several servers (API nodes): player `p` calls `spread[p % spread.length]`, not `baseUrl`. */
  spread?: string[];
};
export interface LoadResult {
  /** Milliseconds of each completed operation (a spin, or a bet and its win). */
  latencies: number[];
  errors: Record<string, number>;
  seconds: number;
  /** CPU seconds this process used while the loops ran. */
  cpuSeconds: number;
}

/** The header that carries a vendor's signature: hex HMAC-SHA256 of the raw body. */
const signatureHeader = 'x-taya-signature';

function post(
  agent: Agent,
  url: URL,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: { success?: boolean; errorCode?: string } }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
                success?: boolean;
                errorCode?: string;
              },
            });
          } catch (err) {
            reject(err as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function get(
  agent: Agent,
  url: URL,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: { success?: boolean; errorCode?: string } }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          const body = Buffer.concat(chunks);
          // A success is told by the envelope's first bytes, as a load generator reads an answer
          // (wrk, autocannon): parsing every 6 KB answer here would spend the cores the server
          // is measured on. A refusal is parsed for its code.
          const ok =
            res.statusCode === 200 && body.subarray(0, 15).toString() === '{"success":true';
          resolve({
            status: res.statusCode ?? 0,
            json: ok
              ? { success: true }
              : (JSON.parse(body.toString('utf8')) as { success?: boolean; errorCode?: string }),
          });
        } catch (err) {
          reject(err as Error);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function run(job: LoadJob): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.players.length });
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const fail = (kind: string) => {
    errors[kind] = (errors[kind] ?? 0) + 1;
  };
  const call = async (
    url: URL,
    body: object,
    headers?: (raw: string) => Record<string, string>,
  ) => {
    const raw = JSON.stringify(body);
    const res = await post(agent, url, raw, headers?.(raw));
    if (res.status !== 200 || res.json.success !== true) {
      throw new Error(res.json.errorCode ?? `http_${res.status}`);
    }
  };
  /** The addresses a player calls, on the server it is given. */
  const urlsOf = (base: string) => {
    const vendorUrl = (action: string) =>
      new URL(
        `/wallet-api/seamless/${job.kind === 'vendor' ? job.vendorCode : ''}/${action}`,
        base,
      );
    return {
      spinUrl: new URL('/taya-games/slot/spin', base),
      getUrls: job.kind === 'get' ? job.paths.map((p) => new URL(p, base)) : [],
      bareUrl: new URL('/bare', base),
      betUrl: vendorUrl('bet'),
      winUrl: vendorUrl('win'),
    };
  };
  const servers = (job.spread?.length ? job.spread : [job.baseUrl]).map(urlsOf);
  const signed = (raw: string): Record<string, string> =>
    job.kind === 'vendor'
      ? { [signatureHeader]: createHmac('sha256', job.secret).update(raw).digest('hex') }
      : {};

  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const until = started + job.seconds * 1000;
  await Promise.all(
    job.players.map(async (player, p) => {
      const { spinUrl, getUrls, bareUrl, betUrl, winUrl } = servers[p % servers.length]!;
      let n = 0;
      while (performance.now() < until) {
        n += 1;
        const t0 = performance.now();
        try {
          if (job.kind === 'get') {
            const res = await get(agent, getUrls[(n + p) % getUrls.length]!, job.headers);
            if (res.status !== 200 || res.json.success !== true) {
              throw new Error(res.json.errorCode ?? `http_${res.status}`);
            }
          } else if (job.kind === 'bare') {
            await call(bareUrl, { gameCode: 'TAYA_FORTUNE', bet: '1.00', n });
          } else if (job.kind === 'slot') {
            const slot = player as SlotPlayer;
            await call(spinUrl, {
              session: slot.session,
              playerId: slot.playerId,
              gameCode: 'TAYA_FORTUNE',
              bet: '1.00',
            });
          } else {
            const vendor = player as VendorPlayer;
            const round = randomUUID();
            await call(
              betUrl,
              {
                sessionToken: vendor.sessionToken,
                playerId: vendor.playerId,
                txId: `${round}:bet`,
                roundId: round,
                amount: '1.00',
                timestamp: Date.now(),
              },
              signed,
            );
            await call(
              winUrl,
              {
                playerId: vendor.playerId,
                txId: `${round}:win`,
                roundId: round,
                // A third of the rounds win 2.50, the rest lose.
                amount: (n + p) % 3 === 0 ? '2.50' : '0.00',
                final: true,
                timestamp: Date.now(),
              },
              signed,
            );
          }
          latencies.push(performance.now() - t0);
        } catch (err) {
          fail((err as Error).message);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  agent.destroy();
  return { latencies, errors, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send!({ ok: true, result }, () => process.exit(0)),
    (err: unknown) =>
      process.send!({ ok: false, error: (err as Error).message }, () => process.exit(1)),
  );
});
