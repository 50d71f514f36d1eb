import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useDayFormat } from '../lib/use-day-format';
import type { TeamDay } from '../lib/types';
import { useMoney } from '../../../hooks/use-money';

/**
 * Valid bet (bars) and profit (a line) per day. The bars and line take their colours from the
 * theme's custom properties, so they follow a theme switch without a re-render. The numbers are
 * only positions on the chart; every figure a person reads is the exact wire amount, formatted.
 */
export function TeamChart({ days }: { days: readonly TeamDay[] }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const descId = useId();
  const shortDay = useDayFormat('short');
  const longDay = useDayFormat();
  const title = t('agent.overview.chart_title');
  const description = t('agent.overview.chart_desc', { days: days.length });
  const data = days.map((day) => ({
    day: day.day,
    validBet: Number(day.validBet),
    profit: Number(day.profit),
    validBetText: day.validBet,
    profitText: day.profit,
  }));
  const names: Record<string, string> = {
    validBet: t('agent.overview.valid_bet'),
    profit: t('agent.overview.profit'),
  };

  return (
    <figure className="agent-chart" aria-describedby={descId} data-testid="overview-chart">
      <figcaption className="agent-chart-caption">{title}</figcaption>
      <p id={descId} className="visually-hidden">
        {description}
      </p>
      <div className="agent-chart-box">
        <ResponsiveContainer width="100%" height="100%" minWidth={0}>
          <ComposedChart
            data={data}
            title={title}
            desc={description}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          >
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="day"
              tickFormatter={(day: string) => shortDay(day)}
              stroke="var(--text-muted)"
              tick={{ fill: 'var(--text-muted)', fontSize: 11 }}
              minTickGap={12}
            />
            <YAxis
              width={56}
              stroke="var(--text-muted)"
              tick={{ fill: 'var(--text-muted)', fontSize: 11 }}
              tickFormatter={(value: number) => compact(value)}
            />
            <Tooltip
              labelFormatter={(day) => longDay(String(day))}
              formatter={(_value, name, item) => {
                const row = item.payload as (typeof data)[number];
                const text = name === 'profit' ? row.profitText : row.validBetText;
                return [fmt.money(text), names[String(name)] ?? String(name)];
              }}
              contentStyle={{
                background: 'var(--surface)',
                border: '1px solid var(--border)',
                borderRadius: 8,
                color: 'var(--text)',
              }}
              cursor={{ fill: 'var(--accent-soft)' }}
            />
            <Legend formatter={(name) => names[String(name)] ?? String(name)} />
            <Bar dataKey="validBet" fill="var(--accent)" radius={[4, 4, 0, 0]} maxBarSize={28} />
            <Line
              dataKey="profit"
              type="monotone"
              stroke="var(--success)"
              strokeWidth={2}
              dot={{ r: 2 }}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Axis ticks only: 12500 → "12.5K". */
function compact(value: number): string {
  const size = Math.abs(value);
  if (size >= 1_000_000) return `${trim(value / 1_000_000)}M`;
  if (size >= 1_000) return `${trim(value / 1_000)}K`;
  return trim(value);
}

function trim(value: number): string {
  return String(Math.round(value * 10) / 10);
}
