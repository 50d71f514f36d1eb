import type { OpsCrashChain } from '@taya/contracts';
import { AppError } from '../../../platform/errors';
import { activeChain, commitSaltBlock, setChainSalt, type ChainRow } from './chain';
import type { CrashService } from './service';

/**
 * The operator's part in crash's fairness (GAMES.md Appendix C, 9): a new chain's terminating
 * hash is published with the height of a Bitcoin block not yet mined; once it is, the operator
 * enters its hash, which anyone can check on a block explorer, and it becomes the salt (the HMAC
 * key of every game). Rounds open only once it is set (`runner.ts`). Each step happens once per
 * chain and only in this order.
 */
export class CrashSaltOps {
  constructor(private readonly crash: CrashService) {}

  async chain(): Promise<OpsCrashChain> {
    return chainWire(await activeChain(this.crash.db, this.crash.deps.options));
  }

  /** Publishes the future block. 409 once a height or a salt is there. */
  async commitBlock(
    chainId: number,
    height: number,
  ): Promise<{ before: OpsCrashChain; after: OpsCrashChain }> {
    const before = await this.chain();
    const row = await commitSaltBlock(this.crash.db, chainId, height);
    if (!row) throw this.refused(before, chainId, 'block');
    return { before, after: chainWire(row) };
  }

  /** Sets the committed block's hash as the salt. 409 before the height, or once set. */
  async setSalt(
    chainId: number,
    blockHash: string,
  ): Promise<{ before: OpsCrashChain; after: OpsCrashChain }> {
    const before = await this.chain();
    const row = await setChainSalt(this.crash.db, chainId, blockHash, new Date(this.crash.now));
    if (!row) throw this.refused(before, chainId, 'salt');
    return { before, after: chainWire(row) };
  }

  private refused(chain: OpsCrashChain, chainId: number, step: 'block' | 'salt'): AppError {
    if (chain.chainId !== chainId)
      return new AppError(
        'conflict',
        `Chain ${chainId} is not the active chain (${chain.chainId})`,
      );
    if (chain.salt !== null) return new AppError('conflict', 'The chain has its salt already');
    return step === 'block'
      ? new AppError(
          'conflict',
          `The chain's block is published already (${chain.saltBlockHeight})`,
        )
      : new AppError('conflict', 'Publish the block height before entering its hash');
  }
}

export function chainWire(chain: ChainRow): OpsCrashChain {
  return {
    chainId: chain.id,
    length: chain.length,
    played: chain.played,
    terminatingHash: chain.terminatingHash,
    salt: chain.salt,
    saltSandbox: chain.saltSandbox,
    saltBlockHeight: chain.saltBlockHeight,
    saltSetAt: chain.saltSetAt?.toISOString() ?? null,
    createdAt: chain.createdAt.toISOString(),
    status:
      chain.salt !== null
        ? 'open'
        : chain.saltBlockHeight === null
          ? 'awaiting-block'
          : 'awaiting-salt',
  };
}
