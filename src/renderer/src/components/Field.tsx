import type { InputHTMLAttributes, LabelHTMLAttributes, ReactNode } from 'react';

/**
 * `grow` takes the rest of a form row; `big` is a large number entry (keypad dialogs, cash).
 */
export type FieldVariant = 'grow' | 'big';

export interface FieldProps extends LabelHTMLAttributes<HTMLLabelElement> {
  label: ReactNode;
  variant?: FieldVariant;
  children: ReactNode;
}

/** A form control with its label above it; the whole label is the control's click target. */
export function Field({ label, variant, children, ...rest }: FieldProps) {
  return (
    <label className={variant ? `field field--${variant}` : 'field'} {...rest}>
      <span className="field__label">{label}</span>
      {children}
    </label>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  variant?: FieldVariant;
}

/** A labelled text input; every other prop goes to the input. */
export function TextField({ label, variant, ...input }: TextFieldProps) {
  return (
    <Field label={label} variant={variant}>
      <input
        className={variant === 'big' ? 'field__input field__input--number' : 'field__input'}
        {...input}
      />
    </Field>
  );
}
