import { create } from 'zustand';
import type { AppStatus } from '../../../shared/ipc/contract/app';
import type { IpcError } from '../../../shared/ipc/result';
import { callTill, onTillEvent } from '../ipc/till-client';
import { nextBackOnline } from './invoice-mode-view';

interface StatusState {
  status: AppStatus | null;
  error: IpcError | null;
  /** The till switched back online from offline mode: the sale screen says so until closed. */
  backOnline: boolean;
  dismissBackOnline(): void;
  refresh(): Promise<void>;
  /** Starts listening for pushed status changes; returns the unsubscribe function. */
  listen(): () => void;
}

export const useStatus = create<StatusState>((set) => {
  const take = (status: AppStatus) =>
    set((state) => ({
      status,
      error: null,
      backOnline: nextBackOnline(state.status?.invoiceMode, status.invoiceMode, state.backOnline),
    }));
  return {
    status: null,
    error: null,
    backOnline: false,
    dismissBackOnline: () => set({ backOnline: false }),
    async refresh() {
      const result = await callTill('app.status', {});
      if (result.ok) take(result.value);
      else set({ error: result.error });
    },
    listen() {
      return onTillEvent('app.status-changed', take);
    },
  };
});
