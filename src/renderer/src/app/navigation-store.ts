import { create } from 'zustand';

/** Which screen is in front. The sell screen is home: Esc leads back to it. */
export type Screen =
  | 'sell'
  | 'checkout'
  | 'result'
  | 'returns'
  | 'shift'
  | 'journal'
  | 'closing'
  | 'settings'
  // 商品管理: reached from Settings, past its supervisor PIN (issue 28).
  | 'products'
  | 'first-run';

/** Screens a sale or the setup is in the middle of: the other screens wait until it is done. */
export const isBusyScreen = (screen: Screen): boolean =>
  screen === 'checkout' || screen === 'result' || screen === 'first-run';

interface NavigationState {
  screen: Screen;
  helpOpen: boolean;
  go(screen: Screen): void;
  setHelp(open: boolean): void;
}

export const useNavigation = create<NavigationState>((set) => ({
  screen: 'sell',
  helpOpen: false,
  go: (screen) => set({ screen }),
  setHelp: (helpOpen) => set({ helpOpen }),
}));
