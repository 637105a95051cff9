import { Pin } from '../../../shared/ipc/contract/settings';
import { TextField, type TextFieldProps } from './Field';

/** A whole supervisor PIN, by the contract's rule (main checks the same). */
export const isPin = (text: string): boolean => Pin.safeParse(text).success;

/** What may stand in a PIN field while it is typed: digits only, at most 12. */
export const canTypePin = (text: string): boolean => /^\d{0,12}$/.test(text);

export interface PinFieldProps extends Omit<TextFieldProps, 'value' | 'onChange'> {
  value: string;
  onChange(pin: string): void;
}

/** A masked PIN input that ignores anything but digits (and a 13th digit). */
export function PinField({ value, onChange, ...rest }: PinFieldProps) {
  return (
    <TextField
      type="password"
      inputMode="numeric"
      value={value}
      onChange={(e) => canTypePin(e.target.value) && onChange(e.target.value)}
      {...rest}
    />
  );
}
