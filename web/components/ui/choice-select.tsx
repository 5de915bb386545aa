import type { ReactNode, SelectHTMLAttributes } from 'react';
import { NativeSelect } from './input';
import { Label } from './label';

export interface Choice {
  value: string | number;
  label: ReactNode;
}

interface ChoiceSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'children'> {
  onValueChange: (value: string) => void;
  choices: ReadonlyArray<Choice>;
  /** A first choice with the value '' that sets no filter (e.g. "All types"). */
  emptyLabel?: string;
}

/** A native dropdown of choices, led by an empty one when `emptyLabel` is given. */
export function ChoiceSelect({ onValueChange, choices, emptyLabel, ...props }: ChoiceSelectProps) {
  return (
    <NativeSelect onChange={(event) => onValueChange(event.target.value)} {...props}>
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </NativeSelect>
  );
}

/** A ChoiceSelect under its visible label, as in the filter bars. */
export function LabelledChoiceSelect({
  id,
  label,
  ...props
}: ChoiceSelectProps & { id: string; label: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <ChoiceSelect id={id} {...props} />
    </div>
  );
}
