import type { ReactNode } from 'react';

/** One figure on a dashboard: what it is, the value, and a line of context under it. */
export function StatCard({
  label,
  value,
  sub,
  tone = 'neutral',
}: {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  tone?: 'neutral' | 'good' | 'bad';
}) {
  return (
    <section className={`stat-card stat-${tone}`} aria-label={label}>
      <h2 className="stat-label">{label}</h2>
      <div className="stat-value">{value}</div>
      {sub && <div className="stat-sub">{sub}</div>}
    </section>
  );
}

/** A row of stat cards that wraps on narrow screens. */
export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="stat-grid">{children}</div>;
}
