/**
 * A ring filled to `fraction` (0–1), drawn in SVG. The drawing is decorative; `label` says the
 * same in words (role="img").
 */
export function ProgressRing({
  fraction,
  label,
  size = 112,
  children,
}: {
  fraction: number;
  label: string;
  size?: number;
  children?: React.ReactNode;
}) {
  const stroke = 10;
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  return (
    <div
      className="relative inline-flex shrink-0 items-center justify-center"
      style={{ width: size, height: size }}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label}>
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="currentColor"
          strokeWidth={stroke}
          className="text-brand-100"
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="currentColor"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - clamped)}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
          className="text-brand-700"
        />
      </svg>
      <span
        className="absolute inset-0 flex items-center justify-center text-lg font-bold text-brand-900"
        aria-hidden="true"
      >
        {children ?? `${Math.round(clamped * 100)}%`}
      </span>
    </div>
  );
}
