import { create } from 'zustand';
import type { SecretsPatch, SettingsPatch, SettingsView } from '../../../shared/ipc/contract/settings';
import type { IpcError } from '../../../shared/ipc/result';
import { useLanguage } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';

/**
 * The settings as the renderer knows them. The supervisor PIN typed to open the settings screen
 * is kept here only while that screen is open (every change needs it again in main).
 */
interface SettingsState {
  view: SettingsView | null;
  error: IpcError | null;
  /** The PIN that unlocked the settings screen; null when locked or when no PIN is needed. */
  unlockedWith: string | null;
  unlocked: boolean;
  saving: boolean;
  load(): Promise<SettingsView | null>;
  unlock(pin: string | null): void;
  lock(): void;
  save(patch: SettingsPatch, secrets?: SecretsPatch): Promise<boolean>;
  setPin(newPin: string, currentPin?: string): Promise<boolean>;
  verifyPin(pin: string): Promise<{ valid: boolean; pinSet: boolean } | null>;
}

export const useSettings = create<SettingsState>((set, get) => ({
  view: null,
  error: null,
  unlockedWith: null,
  unlocked: false,
  saving: false,

  async load() {
    const result = await callTill('settings.get', {});
    if (!result.ok) {
      set({ error: result.error });
      return null;
    }
    set({ view: result.value, error: null });
    return result.value;
  },

  unlock: (pin) => set({ unlocked: true, unlockedWith: pin }),
  lock: () => set({ unlocked: false, unlockedWith: null, error: null }),

  async save(patch, secrets = {}) {
    set({ saving: true, error: null });
    const pin = get().unlockedWith;
    const result = await callTill('settings.update', { patch, secrets, ...(pin ? { pin } : {}) });
    if (!result.ok) {
      set({ saving: false, error: result.error });
      return false;
    }
    set({ saving: false, view: result.value });
    if (patch.language) useLanguage.getState().setLanguage(patch.language);
    return true;
  },

  async setPin(newPin, currentPin) {
    set({ saving: true, error: null });
    const result = await callTill('settings.setPin', { newPin, ...(currentPin ? { currentPin } : {}) });
    if (!result.ok) {
      set({ saving: false, error: result.error });
      return false;
    }
    // The new PIN now guards the screen that is open.
    set({
      saving: false,
      view: result.value,
      unlockedWith: result.value.pinRequired ? newPin : get().unlockedWith,
    });
    return true;
  },

  async verifyPin(pin) {
    const result = await callTill('settings.verifyPin', { pin });
    if (!result.ok) {
      set({ error: result.error });
      return null;
    }
    return result.value;
  },
}));
