import { describe, expect, it } from 'vitest';
import {
  clampDiceTarget,
  diceChance,
  diceChanceFor,
  diceMultiplier,
  dicePayout,
  diceTarget,
  hundredthsText,
  limboChance,
  limboPayout,
  limboTargetFor,
  multiplierText,
  parseHundredths,
  parseMultiplier,
} from './odds';
import { adjustStake, stakeLimits, stakeProblem } from './stake';

const rtp = 9900;

describe('dice: target ↔ chance ↔ multiplier ↔ payout', () => {
  it('gives 49.50 % and 2.00× under 49.50, and 50.50 % over 49.50', () => {
    expect(diceChance(4950, 'under')).toBe(4950);
    expect(diceChance(4950, 'over')).toBe(5050);
    expect(multiplierText(diceMultiplier(4950, rtp))).toBe('2.00');
    expect(diceMultiplier(5050, rtp)).toBe(19_603n); // 99 / 50.5 = 1.96039…, cut to 1.9603
  });

  it('turns a typed multiplier into the chance and target that pay it', () => {
    expect(diceChanceFor(parseMultiplier('2')!, rtp)).toBe(4950);
    expect(diceChanceFor(parseMultiplier('3.00')!, rtp)).toBe(3300);
    expect(diceChanceFor(parseMultiplier('9900')!, rtp)).toBe(1); // 0.01 %
    // Beyond the range the chance stops at its bounds (0.01 % … 98 %).
    expect(diceChanceFor(parseMultiplier('1.0001')!, rtp)).toBe(9800);
    expect(diceChanceFor(parseMultiplier('100000')!, rtp)).toBe(1);
    expect(diceTarget(3300, 'under')).toBe(3300);
    expect(diceTarget(3300, 'over')).toBe(6700);
  });

  it('round-trips chance → multiplier → chance for every chance a player can type', () => {
    for (let chance = 1; chance <= 9800; chance += 7) {
      expect(diceChanceFor(diceMultiplier(chance, rtp), rtp)).toBe(chance);
    }
  });

  it('keeps a target inside the allowed chances in either direction', () => {
    expect(clampDiceTarget(9950, 'under')).toBe(9800);
    expect(clampDiceTarget(0, 'under')).toBe(1);
    expect(clampDiceTarget(100, 'over')).toBe(200); // over 1.00 would be 99 %: capped at 98 %
    expect(clampDiceTarget(10_000, 'over')).toBe(9999);
  });

  it('pays stake × RTP ÷ chance, rounded down to the minor unit', () => {
    expect(dicePayout(100n, 4950, rtp)).toBe(200n);
    expect(dicePayout(1000n, 3300, rtp)).toBe(3000n);
    expect(dicePayout(1n, 5050, rtp)).toBe(1n); // 1.96… → 1
    expect(dicePayout(333n, 7000, rtp)).toBe(470n); // 333 × 99 / 70 = 470.957…
  });
});

describe('limbo: target ↔ chance ↔ payout', () => {
  it('shows the chance as RTP ÷ target', () => {
    expect(hundredthsText(limboChance(200, rtp))).toBe('49.50');
    expect(hundredthsText(limboChance(101, rtp))).toBe('98.01');
    expect(hundredthsText(limboChance(100_000_000, rtp))).toBe('0.00');
    expect(limboChance(300, rtp)).toBe(3300);
  });

  it('turns a typed chance back into the target, within 1.01× … 1,000,000×', () => {
    expect(limboTargetFor(4950, rtp)).toBe(200);
    expect(limboTargetFor(3300, rtp)).toBe(300);
    expect(limboTargetFor(9900, rtp)).toBe(101);
    expect(limboTargetFor(1, rtp)).toBe(990_000);
  });

  it('pays stake × target', () => {
    expect(limboPayout(150n, 200)).toBe(300n);
    expect(limboPayout(333n, 155)).toBe(516n);
  });
});

describe('number parsing', () => {
  it('reads percentages and multipliers exactly, and refuses what is not one', () => {
    expect(parseHundredths('49.5')).toBe(4950);
    expect(parseHundredths('7')).toBe(700);
    expect(parseHundredths('1.234')).toBeNull();
    expect(parseHundredths('-1')).toBeNull();
    expect(parseMultiplier('1.9603')).toBe(19_603n);
    expect(parseMultiplier('0')).toBeNull();
    expect(parseMultiplier('abc')).toBeNull();
  });
});

describe('the stake buttons', () => {
  const limits = stakeLimits('0.10', '500.00');

  it('halve, double, min and max stay inside the limits', () => {
    expect(adjustStake(1000n, 'half', limits)).toBe(500n);
    expect(adjustStake(15n, 'half', limits)).toBe(10n);
    expect(adjustStake(30_000n, 'double', limits)).toBe(50_000n);
    expect(adjustStake(null, 'double', limits)).toBe(20n);
    expect(adjustStake(777n, 'min', limits)).toBe(10n);
    expect(adjustStake(777n, 'max', limits)).toBe(50_000n);
  });

  it('says why a stake cannot be bet', () => {
    expect(stakeProblem(null, limits, null)).toBe('invalid');
    expect(stakeProblem(5n, limits, null)).toBe('min');
    expect(stakeProblem(50_001n, limits, null)).toBe('max');
    expect(stakeProblem(200n, limits, 100n)).toBe('funds');
    expect(stakeProblem(100n, limits, 100n)).toBeNull();
  });
});
