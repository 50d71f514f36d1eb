import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface ChartSeries {
  key: string;
  label: string;
  color?: string;
}

export interface ChartProps {
  data: readonly Record<string, string | number>[];
  xKey: string;
  series: readonly ChartSeries[];
  kind?: 'line' | 'bar';
  height?: number;
}

const palette = ['#1d4ed8', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#475569'];

export default function ChartImpl({ data, xKey, series, kind = 'line' }: ChartProps) {
  const Chart = kind === 'bar' ? BarChart : LineChart;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <Chart data={[...data]} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#e5e7eb" vertical={false} />
        <XAxis dataKey={xKey} tick={{ fontSize: 12 }} stroke="#6b7280" />
        <YAxis tick={{ fontSize: 12 }} stroke="#6b7280" width={64} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s, i) =>
          kind === 'bar' ? (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color ?? palette[i % palette.length]}
            />
          ) : (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={s.color ?? palette[i % palette.length]}
              dot={false}
              strokeWidth={2}
            />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
}
