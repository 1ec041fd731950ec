import type { SVGProps } from 'react';

/** The breath-wave mark, drawn inline so the splash and headers need no image request. */
export function LogoMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false" {...props}>
      <rect width="48" height="48" rx="12" fill="#0f766e" />
      <path
        d="M11 20c5 0 7-5 12.5-5s7.5 3.5 12.5 3.5"
        stroke="#99f6e4"
        strokeWidth="3.5"
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M11 30c5.5 0 8-6 14-6s8 4.5 12 4.5"
        stroke="#ffffff"
        strokeWidth="3.5"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
