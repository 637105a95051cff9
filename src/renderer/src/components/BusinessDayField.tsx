import { useText } from '../i18n/language-store';
import { TextField } from './Field';

/** The business day a screen shows (journal, closing): a date picker. */
export function BusinessDayField({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange(day: string): void;
  testId: string;
}) {
  const t = useText();
  return (
    <TextField
      label={t({ zh: '營業日', en: 'Business day' })}
      type="date"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
    />
  );
}
