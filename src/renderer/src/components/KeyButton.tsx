import type { ButtonHTMLAttributes, ReactNode } from 'react';

/**
 * A counter button: at least 44 px square for a finger, and its function key printed on it so
 * the cashier learns the keyboard while using the touch screen.
 */
export interface KeyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  shortcut?: string;
  tone?: 'primary' | 'neutral' | 'danger' | 'go' | 'ghost';
  size?: 'normal' | 'large';
  children: ReactNode;
}

export function KeyButton({
  shortcut,
  tone = 'neutral',
  size = 'normal',
  className,
  children,
  ...rest
}: KeyButtonProps) {
  return (
    <button
      type="button"
      className={`key-button key-button--${tone} key-button--${size}${className ? ` ${className}` : ''}`}
      aria-keyshortcuts={shortcut}
      {...rest}
    >
      <span className="key-button__label">{children}</span>
      {shortcut && <kbd className="key-button__key">{shortcut === 'Escape' ? 'Esc' : shortcut}</kbd>}
    </button>
  );
}
