import type { Bilingual } from '../../../shared/domain';
import { Pin } from '../../../shared/ipc/contract/settings';
import { TextField, type TextFieldProps } from './Field';

/** A whole supervisor PIN, by the contract's rule (main checks the same). */
export const isPin = (text: string): boolean => Pin.safeParse(text).success;
/** The rule in the cashier's words. */
export const PIN_RULE: Bilingual = { zh: 'PIN 為 4 到 12 位數字', en: 'A PIN is 4 to 12 digits' };

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
