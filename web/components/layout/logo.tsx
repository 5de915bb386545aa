import { cn } from '@/lib/cn';

/** The Stackwise mark: three stacked layers. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-7 shrink-0', className)}>
      <defs>
        <linearGradient id="sw-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#818cf8" />
          <stop offset="1" stopColor="#6366f1" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#sw-logo)" />
      <path
        d="M9 20.5 16 24l7-3.5M9 16l7 3.5 7-3.5M16 8l7 3.5-7 3.5-7-3.5z"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <LogoMark />
      <span className="text-[17px]">Stackwise</span>
    </span>
  );
}
