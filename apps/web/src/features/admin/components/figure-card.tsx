/**
 * One figure of the console's metrics (a count, a share, an amount) as a card in a `<dl>` grid.
 * A long amount such as ₹11,797.64 wraps inside the card rather than running out of it.
 */
export function FigureCard({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-ink tabular-nums wrap-anywhere">{value}</dd>
    </div>
  );
}
