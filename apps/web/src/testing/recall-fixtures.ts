import type { Recall } from '@taya/contracts';

type RecalledGame = Recall['list'][number];

/**
 * A Taya Fortune spin at 2.00 as the slot server records it (engine `slot:TAYA_FORTUNE@1`, nonce
 * 0) and GET /play/recall returns it: the outcome, the seeds and the payout are pinned, so a
 * change to what a seed draws that kept the engine's version fails the tests that replay it.
 */
export function recordedTayaSpin(overrides: Partial<RecalledGame> = {}): RecalledGame {
  return {
    betId: '0b7c1c2e-6a0e-4d43-a9b5-1f5f0c6d2a11',
    accountId: 'acc-1',
    currency: 'PHP',
    stake: '2.00',
    validBet: '2.00',
    payout: '1.50',
    status: 'settled',
    detail: { lines: 20 },
    placedAt: '2026-11-26T10:00:00.000Z',
    settledAt: '2026-11-26T10:00:00.000Z',
    round: {
      roundId: '5a9b6c1e-2f7d-4a4e-8d0b-7c6e5f4a3b21',
      gameCode: 'TAYA_FORTUNE',
      engine: 'slot:TAYA_FORTUNE@1',
      status: 'settled',
      state: {
        stops: [9, 11, 22, 26, 4],
        grid: [
          ['SCATTER', 'NINE', 'TEN'],
          ['NINE', 'TEN', 'JACK'],
          ['TEN', 'JACK', 'QUEEN'],
          ['ACE', 'PEARL', 'NINE'],
          ['KING', 'ACE', 'PEARL'],
        ],
        // In the order PostgreSQL's jsonb gives keys back (shortest first), not the engine's.
        lineWins: [{ line: 4, count: 3, symbol: 'TEN', multiple: 15 }],
        scatterCount: 1,
        scatterMultiple: 0,
        payout: '150',
      },
      seedCommitment: '54c468624e51a9528c12211bacdcac9950d5a53032233bc62f4e1d781d8b0136',
      serverSeed: 'dcaf8aa8a7ad96edf97167a4a9e1b8324c327bce7723276e2e6a6ae00575610e',
      clientSeed: '9f1c2a7e5b3d4c60',
      openedAt: '2026-11-26T10:00:00.000Z',
      closedAt: '2026-11-26T10:00:00.000Z',
    },
    ...overrides,
  };
}
