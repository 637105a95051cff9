import { useText } from '../i18n/language-store';
import { KeyButton } from './KeyButton';

/** A dialog's Cancel: the on-screen twin of Esc, which the dialog binds. */
export function CancelButton({ onClick }: { onClick(): void }) {
  const t = useText();
  return (
    <KeyButton shortcut="Escape" onClick={onClick}>
      {t({ zh: '取消', en: 'Cancel' })}
    </KeyButton>
  );
}
