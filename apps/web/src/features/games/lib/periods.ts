/**
 * SPEC §9 date presets for histories: the last 7 or 30 days, counted in whole local days (today
 * included), as ISO 8601 instants; `to` is exclusive (local midnight tomorrow).
 */
export const periodPresets = ['last7', 'last30'] as const;
export type PeriodPreset = (typeof periodPresets)[number];
const presetDays: Record<PeriodPreset, number> = { last7: 7, last30: 30 };

export function isPeriodPreset(value: string): value is PeriodPreset {
  return (periodPresets as readonly string[]).includes(value);
}

export function periodRange(preset: PeriodPreset, now = new Date()): { from: string; to: string } {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  start.setDate(start.getDate() - (presetDays[preset] - 1));
  return { from: start.toISOString(), to: end.toISOString() };
}
