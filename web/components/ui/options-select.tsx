import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { NativeSelect } from './input';

/** One choice of a select: what it sends and what it shows. */
export interface SelectOption {
  value: string | number;
  label: ReactNode;
}

interface OptionsSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  options: readonly SelectOption[];
  /** A first choice with the value '' ("Any status", "None"): no filter, or no value. */
  emptyLabel?: string;
}

/** A native select of the given choices, so a filter or form field names its data and not its markup. */
export const OptionsSelect = forwardRef<HTMLSelectElement, OptionsSelectProps>(function OptionsSelect(
  { options, emptyLabel, ...props },
  ref,
) {
  return (
    <NativeSelect ref={ref} {...props}>
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
});

/** Choices from a list of ids or codes and their labels. */
export const optionsOf = <T extends string>(values: readonly T[], label: (value: T) => ReactNode) =>
  values.map((value) => ({ value, label: label(value) }));

/** Choices from records with an id and a name (applications, categories, payment methods). */
export const namedOptions = (items: ReadonlyArray<{ id: string; name: string }>) =>
  items.map((item) => ({ value: item.id, label: item.name }));
