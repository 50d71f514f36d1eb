import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  cashFor,
  checkConversion,
  conversionRule,
  formatPoints,
  maxQuantity,
  pointsFailure,
} from './points';
import type { PointReward } from './types';

const config = (points: number, cash: string, minConvert: number | null = null) => ({
  ratios: [],
  exchange: { points, cash },
  minConvert,
});

const reward = (overrides: Partial<PointReward> = {}): PointReward => ({
  id: 'r',
  name: 'R',
  names: {},
  image: null,
  type: 'item',
  requiredPoints: 300,
  amount: null,
  quantity: 10,
  status: 'active',
  ...overrides,
});

describe('points conversion', () => {
  it('converts in steps that give whole cents, never below the minimum', () => {
    // 3 points = 1.00: one cent is 0.03 points, so 3 points is the smallest step.
    const rule = conversionRule(config(3, '1.00', 30))!;
    expect(rule).toMatchObject({ step: 3, min: 30 });
    expect(checkConversion('31', rule, 1_000)).toEqual({ problem: 'not_multiple' });
    expect(checkConversion('27', rule, 1_000)).toEqual({ problem: 'below_min' });
    expect(checkConversion('1002', rule, 1_000)).toEqual({ problem: 'over_balance' });
    expect(checkConversion('1.5', rule, 1_000)).toEqual({ problem: 'invalid' });
    expect(checkConversion(' ', rule, 1_000)).toEqual({ problem: 'required' });
    expect(checkConversion('333', rule, 1_000)).toEqual({ amount: 333 });
    expect(cashFor(333, rule)).toBe('111.00');
  });

  it('pays exact cents at the demo rates and offers nothing without a rate', () => {
    const ph = conversionRule(config(100, '1.00', 100))!;
    expect(ph.step).toBe(1);
    expect(cashFor(12_345, ph)).toBe('123.45');
    const mm = conversionRule(config(100, '10.00', 100))!;
    expect(cashFor(150, mm)).toBe('15.00');
    expect(conversionRule({ ratios: [], exchange: null, minConvert: null })).toBeNull();
    expect(conversionRule(undefined)).toBeNull();
  });
});

describe('redeeming', () => {
  it('allows at most what stock, points and the call allow', () => {
    expect(maxQuantity(reward(), 1_000)).toBe(3);
    expect(maxQuantity(reward({ quantity: 2 }), 1_000)).toBe(2);
    expect(maxQuantity(reward({ requiredPoints: 1 }), 1_000_000)).toBe(10);
    expect(maxQuantity(reward({ requiredPoints: 1, quantity: 500 }), 1_000_000)).toBe(100);
    expect(maxQuantity(reward(), 299)).toBe(0);
  });

  it('names each refusal', () => {
    const password = new ApiError(400, 'request_param_err', 'x', [
      { path: 'password', code: 'invalid', message: 'x' },
    ]);
    expect(pointsFailure(password)).toBe('password_wrong');
    expect(pointsFailure(new ApiError(423, 'account_locked', 'x'))).toBe('password_locked');
    expect(pointsFailure(new ApiError(409, 'insufficient_funds', 'x'))).toBe('not_enough_points');
    expect(pointsFailure(new ApiError(409, 'reward_out_of_stock', 'x'))).toBe('out_of_stock');
    expect(pointsFailure(new ApiError(500, 'internal_error', 'x'))).toBeNull();
    expect(pointsFailure(new Error('x'))).toBeNull();
  });

  it('groups points like amounts', () => {
    expect(formatPoints(1_234_567)).toBe('1,234,567');
    expect(formatPoints(0)).toBe('0');
  });
});
