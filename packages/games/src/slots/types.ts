/** A line-pays slot: reels of symbol strips, fixed paylines, a paytable. Pure data. */
export interface SlotDefinition<S extends string = string> {
  code: string;
  rows: number;
  /** One circular strip per reel; a spin stops each reel at a position, showing `rows` symbols. */
  reels: readonly (readonly S[])[];
  /** Row index per reel, one array per payline. */
  lines: readonly (readonly number[])[];
  /** Pays in line-bet multiples for 3, 4 and 5 of a kind (index 0 = three). */
  pays: Readonly<Partial<Record<S, readonly [number, number, number]>>>;
  /** Substitutes for every paying symbol except the scatter; a line of wilds pays as `wildPaysAs`. */
  wild: S;
  wildPaysAs: S;
  /** Pays anywhere, in total-bet multiples, for 3, 4 and 5 on screen. */
  scatter: S;
  scatterPays: readonly [number, number, number];
}

export interface LineWin {
  line: number;
  symbol: string;
  count: number;
  /** In line-bet multiples. */
  multiple: number;
}

export interface SpinOutcome {
  stops: number[];
  /** grid[reel][row] */
  grid: string[][];
  lineWins: LineWin[];
  scatterCount: number;
  /** In total-bet multiples. */
  scatterMultiple: number;
}
