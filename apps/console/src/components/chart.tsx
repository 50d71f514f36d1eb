import { lazy, Suspense } from 'react';
import { LoadingState } from './states';
import type { ChartProps } from './chart-impl';

export type { ChartProps, ChartSeries } from './chart-impl';

// recharts is large: it loads with the first chart, in a chunk of its own (vite.config.ts).
const ChartImpl = lazy(() => import('./chart-impl'));

/**
 * A line or bar chart over rows of numbers: `<Chart data={rows} xKey="day" series={[{ key:
 * 'deposits', label: 'Deposits' }]} />`. Values must already be numbers fit for drawing (a
 * chart may round; tables and stat cards show the exact amounts).
 */
export function Chart(props: ChartProps) {
  return (
    <div className="chart" style={{ height: props.height ?? 260 }}>
      <Suspense fallback={<LoadingState />}>
        <ChartImpl {...props} />
      </Suspense>
    </div>
  );
}
