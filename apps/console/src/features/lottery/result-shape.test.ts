import { describe, expect, it } from 'vitest';
import { emptyValues, fieldName, resultFormSchema, resultShape } from './result-shape';

const messages = { digits: (n: number) => `${n} digits` };

describe('lottery result shapes', () => {
  it('lays out each family from the game definitions; the house-drawn games take none', () => {
    const north = resultShape('VN_NORTH')!;
    expect(north.kind).toBe('VN');
    expect(north.groups.reduce((n, g) => n + g.count, 0)).toBe(27);
    expect(north.groups[0]).toEqual({ key: 'special', count: 1, digits: 5 });
    const south = resultShape('VN_SOUTH')!;
    expect(south.groups.reduce((n, g) => n + g.count, 0)).toBe(18);
    expect(south.groups[0]).toEqual({ key: 'special', count: 1, digits: 6 });
    expect(resultShape('SEA_4D')!.groups.map((g) => g.count)).toEqual([1, 1, 1, 10, 10]);
    expect(resultShape('THAI')!.groups).toEqual([
      { key: 'first', count: 1, digits: 6 },
      { key: 'bottom2', count: 1, digits: 2 },
    ]);
    expect(resultShape('ELOTT_1M')).toBeNull();
    expect(resultShape('NOPE')).toBeNull();
  });

  it('turns the boxes into the contracts body, refusing a box of the wrong length', () => {
    const shape = resultShape('THAI')!;
    const schema = resultFormSchema(shape, { gameCode: 'THAI', issueId: '20261201' }, messages);
    const values = {
      ...emptyValues(shape),
      [fieldName('first', 0)]: '123456',
      [fieldName('bottom2', 0)]: '78',
      reason: 'Official sheet',
    };
    expect(schema.parse(values)).toEqual({
      gameCode: 'THAI',
      issueId: '20261201',
      result: { kind: 'THAI', first: '123456', bottom2: '78' },
      reason: 'Official sheet',
    });
    const short = schema.safeParse({ ...values, [fieldName('first', 0)]: '12345' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]).toMatchObject({ path: ['first__0'], message: '6 digits' });
    expect(schema.safeParse({ ...values, reason: 'no' }).success).toBe(false);
  });

  it('builds a 4D result with its starters and consolations', () => {
    const shape = resultShape('SEA_4D')!;
    const values: Record<string, string> = { reason: 'Official sheet' };
    let n = 1000;
    for (const g of shape.groups)
      for (let i = 0; i < g.count; i++) values[fieldName(g.key, i)] = String(n++);
    const body = resultFormSchema(
      shape,
      { gameCode: 'SEA_4D', issueId: '20261129' },
      messages,
    ).parse(values);
    expect(body.result).toMatchObject({ kind: 'SEA_4D', first: '1000', third: '1002' });
    expect(body.result.kind === 'SEA_4D' && body.result.consolations).toHaveLength(10);
  });
});
