import { useSyncExternalStore } from 'react';
import { ODDS_FORMATS, type OddsFormat } from '@taya/games';
import type { Fixture, OddsAccept } from '@taya/contracts';
import { readStored, writeStored } from '../../../lib/storage';
import { applyFixture, emptySlip, togglePick, type Slip, type SlipPick } from './slip';

/**
 * The sportsbook's state kept across its pages: the odds format and the odds-change setting (on
 * the device, localStorage) and the bet slip (this tab, sessionStorage), shared by the game
 * centre and the match page without a provider.
 */
export const oddsFormatKey = 'taya.sports.oddsFormat';
export const oddsAcceptKey = 'taya.sports.accept';
export const slipKey = 'taya.sports.slip';

const accepts: readonly OddsAccept[] = ['any', 'higher', 'none'];

function readFormat(): OddsFormat {
  const v = readStored('local', oddsFormatKey);
  return (ODDS_FORMATS as readonly string[]).includes(v ?? '') ? (v as OddsFormat) : 'decimal';
}

function readAccept(): OddsAccept {
  const v = readStored('local', oddsAcceptKey);
  return accepts.includes(v as OddsAccept) ? (v as OddsAccept) : 'none';
}

function readSlip(): Slip {
  try {
    const v = JSON.parse(readStored('session', slipKey) ?? 'null') as Slip | null;
    if (v && Array.isArray(v.picks) && (v.mode === 'single' || v.mode === 'parlay')) return v;
  } catch {
    // A slip that does not read is dropped.
  }
  return emptySlip;
}

interface State {
  format: OddsFormat;
  accept: OddsAccept;
  slip: Slip;
}

let state: State | null = null;
const listeners = new Set<() => void>();

function current(): State {
  state ??= { format: readFormat(), accept: readAccept(), slip: readSlip() };
  return state;
}

function set(next: Partial<State>) {
  state = { ...current(), ...next };
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function useStore<T>(pick: (s: State) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => pick(current()),
    () => pick(current()),
  );
}

export const useOddsFormat = () => useStore((s) => s.format);
export const useOddsAccept = () => useStore((s) => s.accept);
export const useSlip = () => useStore((s) => s.slip);

export function setOddsFormat(format: OddsFormat) {
  writeStored('local', oddsFormatKey, format);
  set({ format });
}

export function setOddsAccept(accept: OddsAccept) {
  writeStored('local', oddsAcceptKey, accept);
  set({ accept });
}

/** Changes the slip (and keeps it for this tab). */
export function updateSlip(change: (slip: Slip) => Slip) {
  const before = current().slip;
  const slip = change(before);
  if (slip === before) return;
  writeStored(
    'session',
    slipKey,
    slip.picks.length || slip.parlayStake ? JSON.stringify(slip) : null,
  );
  set({ slip });
}

export const toggleSlipPick = (pick: SlipPick) => updateSlip((s) => togglePick(s, pick));

/** A fixture from the feed: the picks on it follow its prices and markets. */
export function slipFixture(fixture: Fixture) {
  updateSlip((s) => {
    const picks = applyFixture(s.picks, fixture);
    return picks === s.picks ? s : { ...s, picks };
  });
}

/** For tests: forget what was read. */
export function resetSportsStore() {
  state = null;
}
