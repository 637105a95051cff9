import { useNavigation } from '../app/navigation-store';
import { useText } from '../i18n/language-store';
import { KeyButton } from './KeyButton';

/** Back to the sell screen (home), the first button of a screen's action bar; the screen binds Esc. */
export function BackButton({ disabled }: { disabled?: boolean }) {
  const t = useText();
  const go = useNavigation((s) => s.go);
  return (
    <KeyButton shortcut="Escape" onClick={() => go('sell')} disabled={disabled}>
      {t({ zh: '返回', en: 'Back' })}
    </KeyButton>
  );
}
