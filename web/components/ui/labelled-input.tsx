import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { Input } from './input';
import { Label } from './label';

type LabelledInputProps = InputHTMLAttributes<HTMLInputElement> & { id: string; label: ReactNode };

/** An input under its visible label, where no validation message goes with it (filters, periods). */
export const LabelledInput = forwardRef<HTMLInputElement, LabelledInputProps>(function LabelledInput(
  { label, ...props },
  ref,
) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={props.id}>{label}</Label>
      <Input ref={ref} {...props} />
    </div>
  );
});
