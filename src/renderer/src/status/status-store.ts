import { create } from 'zustand';
import type { AppStatus } from '../../../shared/ipc/contract/app';
import type { IpcError } from '../../../shared/ipc/result';
import { callTill, onTillEvent } from '../ipc/till-client';

interface StatusState {
  status: AppStatus | null;
  error: IpcError | null;
  refresh(): Promise<void>;
  /** Starts listening for pushed status changes; returns the unsubscribe function. */
  listen(): () => void;
}

export const useStatus = create<StatusState>((set) => ({
  status: null,
  error: null,
  async refresh() {
    const result = await callTill('app.status', {});
    set(result.ok ? { status: result.value, error: null } : { error: result.error });
  },
  listen() {
    return onTillEvent('app.status-changed', (status) => set({ status, error: null }));
  },
}));
