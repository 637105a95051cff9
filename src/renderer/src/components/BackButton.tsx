import { useNavigation } from '../app/navigation-store';
import { useText } from '../i18n/language-store';
import { KeyButton } from './KeyButton';

/**
 * Back to the sell screen (home), the first button of a screen's action bar; the screen binds Esc.
 * `onBack`: the screen's own way back (Settings asks first when edits are not saved).
 */
export function BackButton({ disabled, onBack }: { disabled?: boolean; onBack?(): void }) {
  const t = useText();
  const go = useNavigation((s) => s.go);
  return (
    <KeyButton shortcut="Escape" onClick={onBack ?? (() => go('sell'))} disabled={disabled}>
      {t({ zh: '返回', en: 'Back' })}
    </KeyButton>
  );
}
