import { describe, expect, it } from 'vitest';
import { referenceRtp, type OriginalLimit } from './originals-api';

const row = (engine: string, reference: Record<string, unknown>): OriginalLimit => ({
  game: 'dice',
  gameCode: 'TAYA_DICE',
  engine,
  currency: 'TLB',
  currencyScale: 2,
  minBet: '1.00',
  maxBet: '10000.00',
  maxProfit: '100000.00',
  rtpBps: 9900,
  rateFixed: false,
  rtp: '98.99',
  reference,
  defaulted: false,
});

describe('the exact RTP the edit dialog shows', () => {
  it('is the server’s figure for the reference bet at each rate', () => {
    const dice = row('taya-dice@1', { target: '50.00', direction: 'under' });
    // rtpBps ÷ 10,001, rounded down to two decimals, as GET /originals/dice shows it.
    expect(referenceRtp(dice, 9900)).toBe('98.99');
    expect(referenceRtp(dice, 9800)).toBe('97.99');
    expect(referenceRtp(dice, 9500)).toBe('94.99');
    const limbo = row('taya-limbo@1', { target: '2.00' });
    expect(referenceRtp(limbo, 9900)).toBe('99.00');
    expect(referenceRtp(limbo, 9750)).toBe('97.50');
    // Plinko's reference is 16 rows, medium; keno's ten picks on the classic table.
    const plinko = row('taya-plinko@1', { rows: 16, risk: 'medium' });
    expect(referenceRtp(plinko, 9900)).toBe('98.98');
    const keno = row('taya-keno@1', { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'classic' });
    expect(referenceRtp(keno, 9900)).toBe('99.03');
  });

  it('is unknown for an engine this console does not carry', () => {
    expect(referenceRtp(row('taya-new@1', {}), 9900)).toBeNull();
  });
});
