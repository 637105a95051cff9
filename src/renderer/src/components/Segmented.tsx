import type { HTMLAttributes, ReactNode } from 'react';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
  testId: string;
}

export interface SegmentedProps<T extends string> extends Omit<HTMLAttributes<HTMLDivElement>, 'onChange'> {
  value: T;
  options: readonly SegmentedOption<NoInfer<T>>[];
  onChange(value: NoInfer<T>): void;
}

/** One of a few choices side by side, the chosen one pressed. Other props (role, label) go to the group. */
export function Segmented<T extends string>({ value, options, onChange, ...rest }: SegmentedProps<T>) {
  return (
    <div className="segmented" {...rest}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          data-testid={option.testId}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
