import {
  cashOutProblem,
  INVOICE_KIND_LABEL,
  labelOf,
  taipeiBusinessDay,
  taipeiDateTime,
  type CashMovementKind,
} from '../../shared/domain';
import type {
  Cashier,
  DenominationCount,
  ShiftFigures,
  ShiftView,
  ZReport,
} from '../../shared/ipc/contract/shifts';
import type { Journal, ShiftEntry, ShiftEntryPayload } from '../journal/journal';
import {
  countTotal,
  dayFigures,
  dayReconciliation,
  normalizeCount,
  reconcile,
  shiftFigures,
} from './figures';
import {
  beyondDrawer,
  dayClosed,
  MOVEMENT_WORDS,
  noDrawerToTakeOver,
  noOpenShift,
  saleInFlight,
  shiftAlreadyOpen,
  takeOverWithFloat,
  zAlreadyMade,
  zFutureDay,
  zNotMade,
  zWithOpenShift,
  zWithUnsettled,
} from './messages';

/**
 * Shifts and the Z report over the journal. Every rule that guards a write (one open shift per
 * till, a paid-out or a cash drop within the drawer, no sale in flight at the close, one Z per day) is checked
 * inside the same write transaction as the entry it guards (`journal.batch`), so two windows or
 * two processes sharing the journal cannot both pass it.
 */
export interface ShiftsEngineDeps {
  journal: Journal;
  tillId(): string;
  /** Training mode: the shift's and the Z report's sales are the training ones. */
  training(): boolean;
  /** For business days (Asia/Taipei); the journal keeps its own clock for record times. */
  now?: () => Date;
}

/** A shift as its entries tell it. */
export interface ShiftRecord {
  opened: ShiftEntry<'shift.opened'>;
  closed: ShiftEntry<'shift.closed'> | null;
  movements: ShiftEntry<'shift.cash-movement'>[];
}

export interface ShiftsEngine {
  /** The till's open shift, or null. */
  openShift(): ShiftRecord | null;
  /** `takeOver`: the drawer of the till's last shift as it was counted, instead of a new float. */
  open(float: DenominationCount, cashier: Cashier, options?: { takeOver?: boolean }): ShiftView;
  /** An open shift's figures so far (nothing is reset: the X report). */
  liveFigures(shift: ShiftRecord): ShiftFigures;
  cashMovement(input: {
    kind: CashMovementKind;
    amount: number;
    reason: string;
    by: string;
    cashier: Cashier | null;
    approvedBy?: string | null;
  }): ShiftEntry<'shift.cash-movement'>;
  close(input: {
    count: DenominationCount;
    otherCounted: ReadonlyArray<{ method: string; amount: number }>;
    cashier: Cashier;
  }): ShiftView;
  list(businessDay: string): ShiftView[];
  view(shift: ShiftRecord, options?: { figures?: boolean }): ShiftView;
  zReport(businessDay: string, by: string, approvedBy?: string | null): ZReport;
  zReportCopy(businessDay: string): ZReport;
  /** A 菸酒 product not sold at the age check: a counter record (no shift needed). */
  ageCheckDeclined(input: {
    code: string;
    product: string;
    cashier: Cashier | null;
  }): ShiftEntry<'counter.age-check-declined'>;
  /** The business day's declined age checks at this till, newest first. */
  ageChecksDeclined(businessDay: string): ShiftEntry<'counter.age-check-declined'>[];
}

/** An instant as Asia/Taipei local time with its offset: every time the shifts show is Taipei's. */
export const taipeiTime = (iso: string) => `${taipeiDateTime(new Date(iso))}+08:00`;

const INVOICE_KINDS = ['paper', 'phone', 'carrier', 'donate', 'business'] as const;

export function createShiftsEngine(deps: ShiftsEngineDeps): ShiftsEngine {
  const { journal } = deps;
  const now = deps.now ?? (() => new Date());

  const recordOf = (opened: ShiftEntry<'shift.opened'>): ShiftRecord => {
    const tillId = opened.payload.tillId;
    const later = journal.shiftEntries({
      kinds: ['shift.closed', 'shift.cash-movement'],
      tillId,
      afterEntryId: opened.entryId,
    });
    const mine = later.filter((entry) => entry.payload.shiftId === opened.entryId);
    return {
      opened,
      closed: (mine.find((entry) => entry.kind === 'shift.closed') as ShiftEntry<'shift.closed'>) ?? null,
      movements: mine.filter(
        (entry) => entry.kind === 'shift.cash-movement',
      ) as ShiftEntry<'shift.cash-movement'>[],
    };
  };

  function openShift(): ShiftRecord | null {
    const [last] = journal.shiftEntries({
      kinds: ['shift.opened'],
      tillId: deps.tillId(),
      newestFirst: true,
      limit: 1,
    });
    if (!last) return null;
    const record = recordOf(last);
    return record.closed ? null : record;
  }

  const requireOpen = (what: { zh: string; en: string }) => {
    const shift = openShift();
    if (!shift) throw noOpenShift(what);
    return shift;
  };

  function liveFigures(shift: ShiftRecord): ShiftFigures {
    const range = {
      tillId: shift.opened.payload.tillId,
      training: shift.opened.payload.training,
      afterEntryId: shift.opened.entryId,
      beforeEntryId: shift.closed?.entryId ?? null,
    };
    return shiftFigures({
      float: shift.opened.payload.floatAmount,
      takenOver: shift.opened.payload.takenOverFrom !== undefined,
      sales: journal.salesInRange(range),
      returns: journal.returnsInRange(range),
      movements: shift.movements.map((entry) => entry.payload),
    });
  }

  /** The number of the shift (of this till) whose drawer the opening took over, or null. */
  const takenOverNumber = (opened: ShiftEntryPayload<'shift.opened'>): number | null => {
    if (opened.takenOverFrom === undefined) return null;
    const [from] = journal
      .shiftEntries({
        kinds: ['shift.opened'],
        tillId: opened.tillId,
        afterEntryId: opened.takenOverFrom - 1,
        limit: 1,
      })
      .filter((entry) => entry.entryId === opened.takenOverFrom);
    return from?.payload.number ?? null;
  };

  function view(shift: ShiftRecord, options: { figures?: boolean } = {}): ShiftView {
    const opened = shift.opened.payload;
    const closed = shift.closed?.payload ?? null;
    return {
      shiftId: shift.opened.entryId,
      number: opened.number,
      tillId: opened.tillId,
      businessDay: opened.businessDay,
      state: closed ? 'closed' : 'open',
      openedBy: opened.name,
      openedAt: taipeiTime(shift.opened.at),
      takenOverFrom: takenOverNumber(opened),
      closedBy: closed?.name ?? null,
      closedAt: shift.closed ? taipeiTime(shift.closed.at) : null,
      // Blind count: an open shift's expected figures are not shown (the X report asks a PIN).
      figures: closed ? closed.figures : options.figures ? liveFigures(shift) : null,
      reconciliation: closed?.reconciliation ?? null,
      count: closed?.count ?? null,
    };
  }

  const zEntries = (tillId: string, training: boolean) =>
    journal
      .shiftEntries({ kinds: ['day.z-report'], tillId })
      .filter((entry) => entry.payload.training === training);

  function zView(entry: ShiftEntry<'day.z-report'>, copy: boolean): ZReport {
    const p = entry.payload;
    const shifts = journal
      .shiftEntries({ kinds: ['shift.opened'], tillId: p.tillId, businessDay: p.businessDay })
      .filter((opened) => p.shiftIds.includes(opened.entryId))
      .map((opened) => view(recordOf(opened)));
    return {
      number: p.number,
      tillId: p.tillId,
      businessDay: p.businessDay,
      madeAt: taipeiTime(entry.at),
      madeBy: p.madeBy,
      approvedBy: p.approvedBy ?? null,
      training: p.training,
      shifts,
      figures: p.figures,
      ...(p.sales ? { sales: p.sales } : {}),
      invoices: p.invoices.map((row) => ({ ...row, label: labelOf(INVOICE_KIND_LABEL, row.kind) })),
      reconciliation: p.reconciliation,
      ...(p.offline ? { offline: p.offline } : {}),
      chainHead: `#${p.chainHead.entryId}:${p.chainHead.hash}`,
      ...(copy ? { copy: true } : {}),
    };
  }

  /**
   * The drawer a new shift may take over: the till's last shift, closed, of the same mode, and
   * not taken over already (the till's shifts are one after the other, so only the last one's
   * drawer is still in the till).
   */
  function drawerToTakeOver(
    tillId: string,
    training: boolean,
  ): { shiftId: number; count: DenominationCount } {
    const [last] = journal.shiftEntries({ kinds: ['shift.opened'], tillId, newestFirst: true, limit: 1 });
    const record = last && last.payload.training === training ? recordOf(last) : null;
    if (!record?.closed) throw noDrawerToTakeOver();
    return { shiftId: record.opened.entryId, count: record.closed.payload.count };
  }

  return {
    openShift,
    liveFigures,
    view,

    ageCheckDeclined({ code, product, cashier }) {
      return journal.appendShiftEntry('counter.age-check-declined', {
        tillId: deps.tillId(),
        businessDay: taipeiBusinessDay(now()),
        training: deps.training(),
        code,
        product,
        answer: 'declined',
        cashierId: cashier?.id ?? null,
        name: cashier?.name ?? null,
      });
    },

    ageChecksDeclined(businessDay) {
      return journal.shiftEntries({
        kinds: ['counter.age-check-declined'],
        tillId: deps.tillId(),
        businessDay,
        newestFirst: true,
        limit: 500,
      });
    },

    open(float, cashier, options = {}) {
      return journal.batch(() => {
        const current = openShift();
        if (current) throw shiftAlreadyOpen(current.opened.payload.number, current.opened.payload.name);
        const tillId = deps.tillId();
        const training = deps.training();
        const businessDay = taipeiBusinessDay(now());
        const z = zEntries(tillId, training).find((entry) => entry.payload.businessDay === businessDay);
        if (z) throw dayClosed(businessDay, z.payload.number);
        let count = normalizeCount(float);
        let takenOverFrom: number | undefined;
        if (options.takeOver) {
          if (countTotal(count) !== 0) throw takeOverWithFloat();
          const from = drawerToTakeOver(tillId, training);
          count = from.count;
          takenOverFrom = from.shiftId;
        }
        const number = journal.shiftEntries({ kinds: ['shift.opened'], tillId, businessDay }).length + 1;
        const opened = journal.appendShiftEntry('shift.opened', {
          tillId,
          businessDay,
          number,
          training,
          cashierId: cashier.id,
          name: cashier.name,
          float: count,
          floatAmount: countTotal(count),
          ...(takenOverFrom === undefined ? {} : { takenOverFrom }),
        });
        return view({ opened, closed: null, movements: [] });
      });
    },

    cashMovement(input) {
      return journal.batch(() => {
        const shift = requireOpen(MOVEMENT_WORDS[input.kind].asked);
        if (input.kind !== 'paid-in') {
          // What the drawer should hold now, sales, refunds and movements so far included.
          const expected = liveFigures(shift).expectedCash;
          if (cashOutProblem(input.amount, expected) !== null) throw beyondDrawer(input.kind, input.amount);
        }
        return journal.appendShiftEntry('shift.cash-movement', {
          shiftId: shift.opened.entryId,
          tillId: shift.opened.payload.tillId,
          kind: input.kind,
          amount: input.amount,
          reason: input.reason.trim(),
          cashierId: input.cashier?.id ?? null,
          by: input.by,
          ...(input.cashier ? { name: input.cashier.name } : {}),
          ...(input.approvedBy ? { approvedBy: input.approvedBy } : {}),
        });
      });
    },

    close(input) {
      return journal.batch(() => {
        const shift = requireOpen({ zh: '交班', en: 'closing a shift' });
        const inFlight = journal.inFlightAt(shift.opened.payload.tillId);
        if (inFlight.sales > 0 || inFlight.returns > 0) throw saleInFlight();
        const count = normalizeCount(input.count);
        const countedCash = countTotal(count);
        const figures = liveFigures(shift);
        const reconciliation = reconcile(figures, countedCash, input.otherCounted);
        const opened = shift.opened.payload;
        const payload: ShiftEntryPayload<'shift.closed'> = {
          shiftId: shift.opened.entryId,
          tillId: opened.tillId,
          businessDay: opened.businessDay,
          number: opened.number,
          training: opened.training,
          cashierId: input.cashier.id,
          name: input.cashier.name,
          count,
          countedCash,
          expectedCash: figures.expectedCash,
          cashOverShort: countedCash - figures.expectedCash,
          figures,
          reconciliation,
        };
        const closed = journal.appendShiftEntry('shift.closed', payload);
        return view({ ...shift, closed });
      });
    },

    list(businessDay) {
      return journal
        .shiftEntries({ kinds: ['shift.opened'], tillId: deps.tillId(), businessDay })
        .map((opened) => view(recordOf(opened)));
    },

    zReport(businessDay, by, approvedBy) {
      return journal.batch(() => {
        const tillId = deps.tillId();
        const training = deps.training();
        if (businessDay > taipeiBusinessDay(now())) throw zFutureDay(businessDay);
        const open = openShift();
        if (open) throw zWithOpenShift(open.opened.payload.number, open.opened.payload.businessDay);
        const made = zEntries(tillId, training);
        const existing = made.find((entry) => entry.payload.businessDay === businessDay);
        if (existing) throw zAlreadyMade(businessDay, existing.payload.number);
        const number = made.reduce((max, entry) => Math.max(max, entry.payload.number), 0) + 1;

        const summary = journal.summary({ businessDay, tillId });
        const block = training ? summary.training : summary.sales;
        // A sale or a return still 待確認 may yet stand: settled after the Z, it would belong to a
        // closed day and to no Z report. The day closes once every outcome of it is known.
        const unsettled =
          block.byState['in-flight'].count +
          block.byState['needs-verification'].count +
          block.returns.pending.count;
        if (unsettled > 0) throw zWithUnsettled(businessDay, unsettled);
        const shifts = journal
          .shiftEntries({ kinds: ['shift.opened'], tillId, businessDay })
          .filter((opened) => opened.payload.training === training)
          .map(recordOf);
        const figures = dayFigures(block);
        const ids = new Set(shifts.map((shift) => shift.opened.entryId));
        // Only invoices that stand, with the tax as the return counts it: the day summary's own
        // figures (journal/summary.ts), so the Z report and the summary cannot disagree.
        const invoices = INVOICE_KINDS.map((kind) => {
          const row = block.invoices.byKind[kind];
          return { kind, count: row.count, amount: row.amount, tax: row.tax };
        });
        const entry = journal.appendShiftEntry('day.z-report', {
          tillId,
          businessDay,
          number,
          training,
          madeBy: by,
          ...(approvedBy ? { approvedBy } : {}),
          // The head the report anchors: everything up to it is what the figures were made from.
          chainHead: journal.chainHead(),
          shiftIds: shifts.map((shift) => shift.opened.entryId),
          figures,
          sales: block.figures,
          invoices,
          // The offline-issued ones among them (invoice mode, issue 27), marked on the report.
          offline: journal.offlineIssuedOn({ businessDay, tillId, training }),
          reconciliation: dayReconciliation(
            shifts.map((shift) => ({
              reconciliation: shift.closed!.payload.reconciliation,
              takenOverWithinDay:
                shift.opened.payload.takenOverFrom !== undefined &&
                ids.has(shift.opened.payload.takenOverFrom)
                  ? shift.opened.payload.floatAmount
                  : 0,
            })),
          ),
        });
        return zView(entry, false);
      });
    },

    zReportCopy(businessDay) {
      const entry = zEntries(deps.tillId(), deps.training()).find(
        (candidate) => candidate.payload.businessDay === businessDay,
      );
      if (!entry) throw zNotMade(businessDay);
      return zView(entry, true);
    },
  };
}
