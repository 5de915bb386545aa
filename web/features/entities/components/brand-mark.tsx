import { cn } from '@/lib/cn';

/** A brand's logo, or its initial on its colour when it has none. */
export function BrandMark({
  name,
  color,
  logoUrl,
  className,
}: {
  name: string;
  color: string;
  logoUrl: string | null;
  className?: string;
}) {
  if (logoUrl)
    return (
      <img
        src={logoUrl}
        alt={`${name} logo`}
        className={cn('size-10 rounded-md object-contain', className)}
      />
    );
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-10 items-center justify-center rounded-md font-semibold text-white',
        className,
      )}
      style={{ backgroundColor: color }}
    >
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
