import { useNavigation } from '../app/navigation-store';
import { useReturns } from '../returns/returns-store';

/** The returns screen on this sale, with its voids and allowances: where a journal state links to. */
export function openReturnsOf(orderNo: string): void {
  void useReturns.getState().openOrder(orderNo);
  useNavigation.getState().go('returns');
}
