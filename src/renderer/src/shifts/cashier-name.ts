import { useSession } from './session-store';

/**
 * A cashier as people call them: the name for an id main recorded, or the text itself when no
 * cashier has that id (a removed one, or main already sent a name).
 */
export function useCashierName(): (idOrName: string) => string {
  const cashiers = useSession((s) => s.cashiers);
  return (idOrName) => cashiers.find((c) => c.id === idOrName)?.name ?? idOrName;
}
