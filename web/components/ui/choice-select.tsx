import type { ComponentProps, ReactNode } from 'react';
import { Label } from './label';
import { OptionsSelect, type SelectOption } from './options-select';

export type Choice = SelectOption;

interface ChoiceSelectProps extends Omit<
  ComponentProps<typeof OptionsSelect>,
  'onChange' | 'options' | 'ref'
> {
  onValueChange: (value: string) => void;
  choices: ReadonlyArray<Choice>;
}

/** An OptionsSelect that answers the chosen value (led by an empty choice when `emptyLabel` is given). */
export function ChoiceSelect({ onValueChange, choices, ...props }: ChoiceSelectProps) {
  return (
    <OptionsSelect options={choices} onChange={(event) => onValueChange(event.target.value)} {...props} />
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
