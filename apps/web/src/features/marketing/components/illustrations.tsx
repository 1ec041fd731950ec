// Small decorative drawings for the marketing heroes, inline so they cost no request. Each sits
// beside a heading that already says everything, so all are hidden from assistive technology.

const frame = {
  viewBox: '0 0 240 240',
  width: 240,
  height: 240,
  className: 'h-auto w-full max-w-xs',
  'aria-hidden': true,
  focusable: false,
} as const;

function Backdrop() {
  return <circle cx="120" cy="120" r="116" fill="#ccfbf1" />;
}

/** Office towers with a leaf: a workplace that breathes easier. */
export function WorkplaceIllustration() {
  return (
    <svg {...frame}>
      <Backdrop />
      <rect x="52" y="78" width="56" height="110" rx="6" fill="#0f766e" />
      <rect x="116" y="52" width="72" height="136" rx="6" fill="#115e59" />
      {[0, 1, 2, 3].map((row) =>
        [0, 1].map((col) => (
          <rect
            key={`a${row}${col}`}
            x={62 + col * 22}
            y={92 + row * 22}
            width="14"
            height="12"
            rx="2"
            fill="#99f6e4"
          />
        )),
      )}
      {[0, 1, 2, 3, 4].map((row) =>
        [0, 1, 2].map((col) => (
          <rect
            key={`b${row}${col}`}
            x={128 + col * 20}
            y={66 + row * 22}
            width="12"
            height="12"
            rx="2"
            fill="#ffffff"
          />
        )),
      )}
      <path d="M36 188h168" stroke="#134e4a" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

/** An open book under a rising sun: learning early. */
export function SchoolIllustration() {
  return (
    <svg {...frame}>
      <Backdrop />
      <circle cx="120" cy="92" r="30" fill="#5eead4" />
      <path d="M40 120c30-12 58-12 80 4v72c-22-16-50-16-80-4z" fill="#0f766e" />
      <path d="M200 120c-30-12-58-12-80 4v72c22-16 50-16 80-4z" fill="#115e59" />
      <path
        d="M56 140c18-6 36-6 52 2M56 160c18-6 36-6 52 2"
        stroke="#99f6e4"
        strokeWidth="5"
        strokeLinecap="round"
        fill="none"
      />
      <path
        d="M132 142c16-8 34-8 52-2M132 162c16-8 34-8 52-2"
        stroke="#ffffff"
        strokeWidth="5"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/** Two hands around a heart: support from someone who cares. */
export function CareIllustration() {
  return (
    <svg {...frame}>
      <Backdrop />
      <path
        d="M120 176s-52-30-52-66c0-18 14-32 30-32 10 0 18 5 22 12 4-7 12-12 22-12 16 0 30 14 30 32 0 36-52 66-52 66z"
        fill="#0f766e"
      />
      <path
        d="M40 150c20 6 40 22 52 40"
        stroke="#115e59"
        strokeWidth="12"
        strokeLinecap="round"
        fill="none"
      />
      <path
        d="M200 150c-20 6-40 22-52 40"
        stroke="#115e59"
        strokeWidth="12"
        strokeLinecap="round"
        fill="none"
      />
      <path
        d="M98 112c8 0 12-8 22-8s14 6 22 6"
        stroke="#99f6e4"
        strokeWidth="6"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/** A stethoscope around a breath wave: care in the clinic. */
export function ClinicIllustration() {
  return (
    <svg {...frame}>
      <Backdrop />
      <path
        d="M84 56v44c0 22 16 38 36 38s36-16 36-38V56"
        stroke="#115e59"
        strokeWidth="10"
        strokeLinecap="round"
        fill="none"
      />
      <path
        d="M120 138v22c0 18 14 30 32 30s30-12 30-30v-14"
        stroke="#0f766e"
        strokeWidth="10"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="182" cy="136" r="16" fill="#0f766e" />
      <circle cx="182" cy="136" r="7" fill="#99f6e4" />
      <path
        d="M48 196c12 0 16-10 26-10s14 8 24 8 14-6 26-6"
        stroke="#ffffff"
        strokeWidth="6"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
