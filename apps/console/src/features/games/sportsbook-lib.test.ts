import { describe, expect, it } from 'vitest';
import {
  csScoresOf,
  marketBodyOf,
  marketFormProblems,
  marketLineText,
  oddsDraftOf,
  oddsTextValid,
  periodsOf,
  pricesChanged,
  scoreDraftOf,
  scoresOf,
  selectionsOf,
  type MarketFormValues,
} from './sportsbook-lib';

const form = (over: Partial<MarketFormValues>): MarketFormValues => ({
  kind: '1x2',
  period: 'ft',
  line: '',
  scores: '',
  odds: {},
  main: false,
  ...over,
});

describe('the sportsbook trading helpers', () => {
  it('enters results by the sport’s periods, the main one first', () => {
    expect(periodsOf('football')).toEqual(['ft', 'h1']);
    expect(periodsOf('basketball')).toEqual(['ot', 'h1']);
    expect(periodsOf('volleyball')).toEqual(['ot', 'h1']);
    expect(periodsOf('dota2')).toEqual(['maps']);
  });

  it('shows lines as traders read them', () => {
    expect(marketLineText({ kind: 'ah', line: -3 })).toBe('-0.75 (-0.5/-1)');
    expect(marketLineText({ kind: 'ah', line: 2 })).toBe('+0.5');
    expect(marketLineText({ kind: 'ah', line: 0 })).toBe('0');
    expect(marketLineText({ kind: 'ou', line: 10 })).toBe('2.5');
    expect(marketLineText({ kind: '1x2', line: null })).toBe('');
  });

  it('takes decimal odds text as the contract does', () => {
    expect(oddsTextValid('1.86')).toBe(true);
    expect(oddsTextValid(' 2.375 ')).toBe(true);
    expect(oddsTextValid('1000')).toBe(true);
    expect(oddsTextValid('1.00')).toBe(false);
    expect(oddsTextValid('1.0001')).toBe(false);
    expect(oddsTextValid('1000.5')).toBe(false);
    expect(oddsTextValid('-1.5')).toBe(false);
    expect(oddsTextValid('')).toBe(false);
  });

  it('drafts a market’s prices and sees when they moved', () => {
    const market = {
      selections: [
        { key: 'home', odds: 1860, outcome: null },
        { key: 'away', odds: 2375, outcome: null },
      ],
    };
    const draft = oddsDraftOf(market);
    expect(draft).toEqual({ home: '1.86', away: '2.375' });
    expect(pricesChanged(market, draft)).toBe(false);
    expect(pricesChanged(market, { ...draft, home: '1.860' })).toBe(false);
    expect(pricesChanged(market, { ...draft, home: '1.9' })).toBe(true);
    expect(pricesChanged(market, { ...draft, home: 'x' })).toBe(true);
  });

  it('offers each kind’s selections, correct score with its listed scores', () => {
    expect(csScoresOf(' 1-0, 2-1;2-2 ')).toEqual(['1-0', '2-1', '2-2']);
    expect(selectionsOf('1x2', '')).toEqual(['home', 'draw', 'away']);
    expect(selectionsOf('ah', '')).toEqual(['home', 'away']);
    expect(selectionsOf('ou', '')).toEqual(['over', 'under']);
    expect(selectionsOf('btts', '')).toEqual(['yes', 'no']);
    expect(selectionsOf('oe', '')).toEqual(['odd', 'even']);
    expect(selectionsOf('cs', '1-0, 0-0')).toEqual(['1-0', '0-0', 'other']);
  });

  it('finds a market form’s problems', () => {
    expect(marketFormProblems(form({ odds: { home: '2.1', draw: '3.2', away: '3.5' } }))).toEqual(
      [],
    );
    expect(
      marketFormProblems(form({ kind: 'ah', line: '-0.8', odds: { home: '1.9', away: '1.9' } })),
    ).toEqual([{ path: ['line'], problem: 'line' }]);
    expect(
      marketFormProblems(form({ kind: 'ou', line: '-2.5', odds: { over: '1.9', under: '1.9' } })),
    ).toEqual([{ path: ['line'], problem: 'total' }]);
    expect(marketFormProblems(form({ kind: 'cs', scores: '1-0, 1-0', odds: {} }))).toEqual([
      { path: ['scores'], problem: 'scores' },
      { path: ['odds', '1-0'], problem: 'odds' },
      { path: ['odds', '1-0'], problem: 'odds' },
      { path: ['odds', 'other'], problem: 'odds' },
    ]);
    expect(marketFormProblems(form({ kind: 'btts', odds: { yes: '1.01', no: '0.9' } }))).toEqual([
      { path: ['odds', 'no'], problem: 'odds' },
    ]);
  });

  it('builds the market body with only the kind’s selections, line and scores', () => {
    // Prices typed for another kind before the kind changed are left out.
    expect(
      marketBodyOf(
        form({
          kind: 'ah',
          period: 'h1',
          line: ' -0.75 ',
          scores: '1-0',
          odds: { home: ' 1.86 ', away: '2.02', draw: '3.1' },
          main: true,
        }),
      ),
    ).toEqual({
      kind: 'ah',
      period: 'h1',
      line: '-0.75',
      odds: { home: '1.86', away: '2.02' },
      main: true,
    });
    expect(
      marketBodyOf(
        form({
          kind: 'cs',
          line: '2.5',
          scores: '1-0 2-1',
          odds: { '1-0': '7', '2-1': '9', other: '1.5' },
        }),
      ),
    ).toEqual({
      kind: 'cs',
      period: 'ft',
      scores: ['1-0', '2-1'],
      odds: { '1-0': '7', '2-1': '9', other: '1.5' },
      main: false,
    });
  });

  it('reads scores by period: blank periods left out, half-typed ones refused', () => {
    expect(
      scoresOf(['ft', 'h1'], { ft: { home: '2', away: ' 1 ' }, h1: { home: '', away: '' } }),
    ).toEqual({ scores: { ft: { home: 2, away: 1 } }, problems: [] });
    expect(
      scoresOf(['ft', 'h1'], { ft: { home: '2', away: '' }, h1: { home: '1', away: 'x' } }),
    ).toEqual({ scores: {}, problems: ['ft', 'h1'] });
    expect(scoresOf(['maps'], {})).toEqual({ scores: {}, problems: [] });
    expect(scoreDraftOf(['ot', 'h1'], { ot: { home: 101, away: 99 } })).toEqual({
      ot: { home: '101', away: '99' },
      h1: { home: '', away: '' },
    });
  });
});
