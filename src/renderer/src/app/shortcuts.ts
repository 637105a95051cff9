import { useEffect, useRef } from 'react';

/**
 * Function-key shortcuts, layered: the screen in front and any dialog over it each register a
 * layer; a key goes to the topmost layer that has it, and a modal layer (a dialog) hides the ones
 * below. F-keys work from any field (they type nothing), and the browser's own meaning of them
 * (F5 reload, F1 help, F3 find) is cancelled.
 */
export type ShortcutKey =
  'F1' | 'F2' | 'F3' | 'F4' | 'F5' | 'F6' | 'F7' | 'F8' | 'F9' | 'F10' | 'F11' | 'F12' | 'Escape';
export type ShortcutMap = Partial<Record<ShortcutKey, (() => void) | undefined>>;

interface Layer {
  map: () => ShortcutMap;
  modal: boolean;
}

const layers: Layer[] = [];

export function handleShortcut(event: KeyboardEvent): void {
  const key = event.key as ShortcutKey;
  const isFunctionKey = /^F\d{1,2}$/.test(key);
  if (!isFunctionKey && key !== 'Escape') return;
  if (isFunctionKey) event.preventDefault();
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i]!;
    const action = layer.map()[key];
    if (action) {
      event.preventDefault();
      action();
      return;
    }
    if (layer.modal) return;
  }
}

/** Registers a layer for as long as the component is mounted; the map may change each render. */
export function useShortcuts(map: ShortcutMap, options: { modal?: boolean } = {}): void {
  const latest = useRef(map);
  useEffect(() => {
    latest.current = map;
  });
  const modal = options.modal ?? false;
  useEffect(() => {
    const layer: Layer = { map: () => latest.current, modal };
    layers.push(layer);
    return () => {
      const index = layers.indexOf(layer);
      if (index >= 0) layers.splice(index, 1);
    };
  }, [modal]);
}

/** The window listener, installed once by the shell. */
export function useShortcutListener(): void {
  useEffect(() => {
    window.addEventListener('keydown', handleShortcut);
    return () => window.removeEventListener('keydown', handleShortcut);
  }, []);
}
