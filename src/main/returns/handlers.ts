import type { returnsMethods, ReturnResult } from '../../shared/ipc/contract/returns';
import type { HandlersFor } from '../core/handlers';
import { supervisorName, type SupervisorGate } from '../settings/supervisor';
import type { ReturnsEngine } from './engine';
import { findSales } from './find';

export interface ReturnsHandlerDeps {
  engine: ReturnsEngine;
  journal: Parameters<typeof findSales>[0];
  /**
   * Every return is a supervisor's act: the PIN is checked here in main, whatever the screen did.
   * Who did it and what goes into the return's own chained journal record (`by`, kind, reason,
   * lines, refunds), written before the request.
   */
  supervisor: SupervisorGate;
  now?: () => Date;
}

const required = {
  zh: '退貨、作廢與折讓需要主管 PIN，未執行。',
  en: 'Returns, voids and allowances need the supervisor PIN. Nothing was done.',
};
const wrong = {
  zh: '主管 PIN 不正確，未退貨。',
  en: 'Wrong supervisor PIN: nothing was returned.',
};

export function createReturnsHandlers(deps: ReturnsHandlerDeps): HandlersFor<typeof returnsMethods> {
  const now = deps.now ?? (() => new Date());
  return {
    'returns.find': async (input) => findSales(deps.journal, input, now()),
    'returns.plan': async ({ orderNo, items }) => deps.engine.plan(orderNo, items),
    'returns.submit': async ({ pin, by, ...input }): Promise<ReturnResult> => {
      await deps.supervisor.check({ pin, by }, { required, wrong });
      return deps.engine.submit(input, { by: supervisorName(by) });
    },
    'returns.status': async ({ pin, by, returnId, resend }) => {
      await deps.supervisor.check({ pin, by }, { required, wrong });
      return deps.engine.status(returnId, { by: supervisorName(by), resend });
    },
    'returns.pending': async () => ({
      items: deps.engine.pending().map((r) => ({
        returnId: r.id,
        kind: r.kind === 'allowance-void' ? ('cancel-allowance' as const) : r.kind,
        state: r.state,
        orderNo: r.orderNo,
        invoiceNumber: r.invoiceNumber,
        allowanceNumber: r.allowanceNumber,
        allowancePrefix: r.allowancePrefix,
        totalAmount: r.totals.totalAmount,
        createdAt: r.createdAt,
        lastMessage: r.lastMessage,
        training: r.training,
        ...(r.reissue ? { reissueOwed: r.reissue.owed } : {}),
      })),
    }),
  };
}
