import {
  bpsToPercent,
  minorToDecimal,
  parseAmount,
  parseRate,
  promotionUpsertSchema,
  type PromotionRules,
  type PromotionUpsert,
} from '@taya/contracts';
import type { OpsPromotion } from './api';

/** The kinds an operator can create here: every kind with rules of its own. */
export type RuleKind = PromotionRules['kind'];
export const ruleKinds: readonly RuleKind[] = [
  'deposit_first',
  'deposit_reload',
  'rebate',
  'red_envelope',
  'referral',
  'new_member',
  'birthday',
  'vip_upgrade',
  'application',
  'raffle',
];

/** The rule inputs each kind shows, in order (all typed as text). */
export const ruleFields = {
  deposit_first: ['percent', 'cap', 'minDeposit', 'turnover'],
  deposit_reload: ['percent', 'cap', 'minDeposit', 'turnover'],
  rebate: ['rates', 'minPayout', 'wallet', 'turnover'],
  red_envelope: ['minAmount', 'maxAmount', 'windows', 'turnover'],
  referral: ['reward', 'minDeposit', 'minValidBet', 'maxFriends', 'turnover'],
  new_member: ['amount', 'withinDays', 'turnover'],
  birthday: ['amount', 'amountsByRank', 'turnover'],
  vip_upgrade: ['amountsByRank', 'turnover'],
  application: ['amount', 'maxAmount', 'turnover'],
  raffle: ['prizes', 'turnover'],
} as const satisfies Record<RuleKind, readonly string[]>;
export type RuleField = (typeof ruleFields)[RuleKind][number];

export interface PromotionFormValues {
  kind: RuleKind;
  category: string;
  titleEn: string;
  contentEn: string;
  startsAt: string;
  endsAt: string;
  vipLevels: string;
  newMembersOnly: boolean;
  budget: string;
  perMemberLimit: string;
  sort: string;
  enabled: boolean;
  reason: string;
  rules: Record<RuleField, string>;
}

const emptyRules: Record<RuleField, string> = {
  percent: '100',
  cap: '',
  minDeposit: '0',
  turnover: '1',
  rates: '',
  minPayout: '0',
  wallet: 'bonus',
  minAmount: '',
  maxAmount: '',
  windows: '',
  reward: '',
  minValidBet: '0',
  maxFriends: '10',
  amount: '',
  withinDays: '7',
  amountsByRank: '',
  prizes: '',
};

/** A datetime-local input's text for an instant, in the browser's time zone. */
export function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const tenthsText = (tenths: number) => minorToDecimal(BigInt(tenths), 1).replace(/\.0$/, '');
const pairs = (record: Record<string, string | number>, show: (v: string | number) => string) =>
  Object.entries(record)
    .map(([k, v]) => `${k}=${show(v)}`)
    .join(', ');

/** The form's text for stored rules. */
function rulesText(rules: PromotionRules): Record<RuleField, string> {
  const r = { ...emptyRules, turnover: tenthsText(rules.turnoverMultipleTenths) };
  switch (rules.kind) {
    case 'deposit_first':
    case 'deposit_reload':
      return {
        ...r,
        percent: bpsToPercent(rules.percentBps),
        cap: rules.cap,
        minDeposit: rules.minDeposit,
      };
    case 'rebate':
      return {
        ...r,
        rates: pairs(rules.ratesBps, (v) => bpsToPercent(Number(v))),
        minPayout: rules.minPayout,
        wallet: rules.wallet,
      };
    case 'red_envelope':
      return {
        ...r,
        minAmount: rules.minAmount,
        maxAmount: rules.maxAmount,
        windows: rules.windows.map((w) => `${w.start}-${w.end}`).join(', '),
      };
    case 'referral':
      return {
        ...r,
        reward: rules.reward,
        minDeposit: rules.minDeposit,
        minValidBet: rules.minValidBet,
        maxFriends: String(rules.maxFriends),
      };
    case 'new_member':
      return { ...r, amount: rules.amount, withinDays: String(rules.withinDays) };
    case 'birthday':
      return { ...r, amount: rules.amount, amountsByRank: pairs(rules.amountsByVipLevel, String) };
    case 'vip_upgrade':
      return { ...r, amountsByRank: pairs(rules.amountsByRank, String) };
    case 'application':
      return { ...r, amount: rules.amount, maxAmount: rules.maxAmount };
    case 'raffle':
      return { ...r, prizes: rules.prizes.map((p) => `${p.amount}:${p.weight}`).join(', ') };
  }
}

/** The form's values for a new promotion, or for one from the list. */
export function formValues(row: OpsPromotion | null, now = new Date()): PromotionFormValues {
  if (!row || row.rules.kind === undefined) {
    return {
      kind: 'deposit_first',
      category: 'deposit',
      titleEn: '',
      contentEn: '',
      startsAt: localInput(now.toISOString()),
      endsAt: '',
      vipLevels: '',
      newMembersOnly: false,
      budget: '',
      perMemberLimit: '1',
      sort: '0',
      enabled: true,
      reason: '',
      rules: emptyRules,
    };
  }
  return {
    kind: row.rules.kind,
    category: row.category,
    titleEn: row.title.en ?? '',
    contentEn: row.content.en ?? '',
    startsAt: localInput(row.startsAt),
    endsAt: localInput(row.endsAt),
    vipLevels: row.audience.vipLevels?.join(', ') ?? '',
    newMembersOnly: row.audience.newMembersOnly,
    budget: row.budget ?? '',
    perMemberLimit: String(row.perMemberLimit),
    sort: String(row.sort),
    enabled: row.enabled,
    reason: '',
    rules: rulesText(row.rules),
  };
}

/** Problems found while reading the texts, before the contract's schema sees them. */
export type FormatErrors = Partial<Record<string, 'format'>>;

const list = (text: string) =>
  text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
const int = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const tenths = (text: string) => {
  const v = parseAmount(text.trim(), 1);
  return v === null ? Number.NaN : Number(v);
};

function keyed<V>(
  text: string,
  value: (s: string) => V | null,
  key: (k: string) => string = (k) => k,
): Record<string, V> | null {
  const out: Record<string, V> = {};
  for (const item of list(text)) {
    const [k, v, extra] = item.split('=').map((s) => s.trim());
    const parsed = v === undefined ? null : value(v);
    if (!k || parsed === null || extra !== undefined) return null;
    out[key(k)] = parsed;
  }
  return out;
}

function buildRules(kind: RuleKind, r: Record<RuleField, string>, bad: FormatErrors): unknown {
  const turnoverMultipleTenths = tenths(r.turnover);
  switch (kind) {
    case 'deposit_first':
    case 'deposit_reload': {
      const percentBps = parseRate(r.percent.trim());
      if (percentBps === null) bad['rules.percent'] = 'format';
      return {
        kind,
        percentBps: percentBps ?? Number.NaN,
        cap: r.cap,
        minDeposit: r.minDeposit,
        turnoverMultipleTenths,
      };
    }
    case 'rebate': {
      const ratesBps = keyed(r.rates, parseRate, (k) => k.toUpperCase());
      if (ratesBps === null) bad['rules.rates'] = 'format';
      return {
        kind,
        ratesBps: ratesBps ?? {},
        minPayout: r.minPayout,
        wallet: r.wallet,
        turnoverMultipleTenths,
      };
    }
    case 'red_envelope': {
      const windows = list(r.windows).map((w) => {
        const [start = '', end = ''] = w.split('-').map((s) => s.trim());
        return { start, end };
      });
      return {
        kind,
        minAmount: r.minAmount,
        maxAmount: r.maxAmount,
        windows,
        turnoverMultipleTenths,
      };
    }
    case 'referral':
      return {
        kind,
        reward: r.reward,
        minDeposit: r.minDeposit,
        minValidBet: r.minValidBet,
        maxFriends: int(r.maxFriends),
        turnoverMultipleTenths,
      };
    case 'new_member':
      return { kind, amount: r.amount, withinDays: int(r.withinDays), turnoverMultipleTenths };
    case 'birthday':
    case 'vip_upgrade': {
      const amounts = keyed(r.amountsByRank, (v) => v);
      if (amounts === null) bad['rules.amountsByRank'] = 'format';
      return kind === 'birthday'
        ? { kind, amount: r.amount, amountsByVipLevel: amounts ?? {}, turnoverMultipleTenths }
        : { kind, amountsByRank: amounts ?? {}, turnoverMultipleTenths };
    }
    case 'application':
      return { kind, amount: r.amount, maxAmount: r.maxAmount, turnoverMultipleTenths };
    case 'raffle': {
      const prizes = list(r.prizes).map((p) => {
        const [amount = '', weight = ''] = p.split(':').map((s) => s.trim());
        return { amount, weight: int(weight) };
      });
      return { kind, prizes, turnoverMultipleTenths };
    }
  }
}

const iso = (local: string) => {
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
};

/** The form's field for a path of the contract's schema. */
export function fieldOf(path: readonly PropertyKey[]): string {
  const [head, second] = path.map(String);
  if (head === 'rules') {
    const map: Record<string, RuleField> = {
      percentBps: 'percent',
      turnoverMultipleTenths: 'turnover',
      ratesBps: 'rates',
      amountsByVipLevel: 'amountsByRank',
    };
    return `rules.${second ? (map[second] ?? second) : 'kind'}`;
  }
  if (head === 'title') return 'titleEn';
  if (head === 'content') return 'contentEn';
  if (head === 'audience') return second === 'vipLevels' ? 'vipLevels' : 'newMembersOnly';
  return head ?? 'root';
}

/**
 * The contract's body for the form, checked by the contract's schema: the parsed body, or the
 * problems by form field (`format` for a text that could not be read at all).
 */
export function toUpsert(
  values: PromotionFormValues,
  base: {
    id?: string;
    merchantCode: string;
    title?: Record<string, string>;
    content?: Record<string, string>;
  },
):
  | { ok: true; body: PromotionUpsert }
  | { ok: false; errors: Record<string, { message: string; format: boolean }> } {
  const bad: FormatErrors = {};
  const vipLevels = values.vipLevels.trim() === '' ? null : list(values.vipLevels).map(int);
  const candidate = {
    ...(base.id ? { id: base.id } : {}),
    merchantCode: base.merchantCode,
    kind: values.kind,
    category: values.category.trim(),
    title: { ...base.title, en: values.titleEn },
    content: { ...base.content, en: values.contentEn },
    startsAt: iso(values.startsAt),
    endsAt: values.endsAt.trim() === '' ? null : iso(values.endsAt),
    audience: { vipLevels, newMembersOnly: values.newMembersOnly },
    budget: values.budget.trim() === '' ? null : values.budget.trim(),
    perMemberLimit: int(values.perMemberLimit),
    rules: buildRules(values.kind, values.rules, bad),
    enabled: values.enabled,
    sort: int(values.sort),
    reason: values.reason,
  };
  const parsed = promotionUpsertSchema.safeParse(candidate);
  const errors: Record<string, { message: string; format: boolean }> = {};
  for (const [field] of Object.entries(bad)) errors[field] = { message: '', format: true };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      errors[field] ??= { message: issue.message, format: false };
    }
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}

/** The saved body of a promotion from the list, for a switch on or off. */
export function rowBody(
  row: OpsPromotion,
  merchantCode: string,
): Omit<PromotionUpsert, 'reason'> | null {
  if (row.kind === 'mission') return null;
  return {
    id: row.id,
    merchantCode,
    kind: row.kind,
    category: row.category,
    title: row.title,
    content: row.content,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    audience: row.audience,
    budget: row.budget,
    perMemberLimit: row.perMemberLimit,
    rules: row.rules,
    enabled: row.enabled,
    sort: row.sort,
  };
}
