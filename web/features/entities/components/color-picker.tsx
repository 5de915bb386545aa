import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

/** Colours that read well on both themes, with white initials on them. */
const PRESETS = ['#4F46E5', '#0EA5E9', '#10B981', '#F59E0B', '#EF4444', '#EC4899', '#8B5CF6', '#475569'];

/** A brand colour: a preset, the browser's picker, or a typed hex code. */
export function ColorPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Colour</Label>
      <div className="flex flex-wrap items-center gap-2">
        {PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            aria-label={`Colour ${preset}`}
            aria-pressed={value.toUpperCase() === preset}
            onClick={() => onChange(preset)}
            className={cn(
              'size-7 rounded-full border-2 border-transparent',
              value.toUpperCase() === preset && 'border-foreground',
            )}
            style={{ backgroundColor: preset }}
          />
        ))}
        <input
          type="color"
          aria-label="Pick a colour"
          value={valid ? value : '#000000'}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          className="size-8 cursor-pointer rounded border bg-transparent"
        />
        <Input
          id={id}
          className="w-28 font-mono"
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
