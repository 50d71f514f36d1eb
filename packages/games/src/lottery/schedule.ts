import type { DrawSchedule, GameDefinition } from './types';

/**
 * Draw times and issue ids. Times are epoch milliseconds wrapped in `Date`; schedules run at a
 * fixed UTC offset, so this is integer maths with no time-zone database.
 *
 * Issue ids (numero): an interval game numbers its draws within the local day from 1, zero
 * padded to the width of the day's count — the 1-minute game's 00:01 draw is `20261124-0001`
 * and its 24:00 draw `20261124-1440`; a calendar game's issue is the local date, `20261124`.
 */

const DAY = 86_400;

function localSeconds(schedule: DrawSchedule, at: Date): number {
  return Math.floor(at.getTime() / 1000) + schedule.utcOffsetMinutes * 60;
}

function fromLocalSeconds(schedule: DrawSchedule, local: number): Date {
  return new Date((local - schedule.utcOffsetMinutes * 60) * 1000);
}

function ymd(localDaySeconds: number): string {
  const d = new Date(localDaySeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
}

function timeOfDay(time: string): number {
  const m = /^([01][0-9]|2[0-3]):([0-5][0-9])$/.exec(time);
  if (!m) throw new Error(`a draw time is HH:MM, not ${time}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60;
}

function checkInterval(seconds: number) {
  if (!Number.isInteger(seconds) || seconds <= 0 || DAY % seconds !== 0)
    throw new Error('a draw interval divides a day into whole seconds');
}

/** The next `count` draws strictly after `after`. */
export function nextDraws(def: GameDefinition, after: Date, count: number): Date[] {
  const s = def.schedule;
  const local = localSeconds(s, after);
  const draws: Date[] = [];
  if (s.kind === 'interval') {
    checkInterval(s.seconds);
    let next = Math.floor(local / s.seconds) * s.seconds + s.seconds;
    while (draws.length < count) {
      draws.push(fromLocalSeconds(s, next));
      next += s.seconds;
    }
    return draws;
  }
  const at = timeOfDay(s.time);
  if (s.weekdays?.length === 0 || s.monthDays?.length === 0)
    throw new Error('a calendar schedule lists at least one day');
  for (let day = Math.floor(local / DAY) * DAY; draws.length < count; day += DAY) {
    const date = new Date(day * 1000);
    if (s.weekdays && !s.weekdays.includes(date.getUTCDay())) continue;
    if (s.monthDays && !s.monthDays.includes(date.getUTCDate())) continue;
    if (day + at > local) draws.push(fromLocalSeconds(s, day + at));
  }
  return draws;
}

/** When betting on the issue drawn at `drawAt` closes. */
export function closesAt(def: GameDefinition, drawAt: Date): Date {
  return new Date(drawAt.getTime() - def.closeBeforeDrawSeconds * 1000);
}

/** The issue id of the draw at `drawAt` (which must be one of the game's draw times). */
export function issueIdFor(def: GameDefinition, drawAt: Date): string {
  const s = def.schedule;
  if (drawAt.getTime() % 1000 !== 0) throw new Error('not a draw time of this game');
  const local = localSeconds(s, drawAt);
  if (s.kind === 'interval') {
    checkInterval(s.seconds);
    if (local % s.seconds !== 0) throw new Error('not a draw time of this game');
    const perDay = DAY / s.seconds;
    const sequence = Math.floor(((local - 1) % DAY) / s.seconds) + 1;
    const day = Math.floor((local - 1) / DAY) * DAY;
    return `${ymd(day)}-${String(sequence).padStart(String(perDay).length, '0')}`;
  }
  if (local % DAY !== timeOfDay(s.time)) throw new Error('not a draw time of this game');
  return ymd(Math.floor(local / DAY) * DAY);
}
