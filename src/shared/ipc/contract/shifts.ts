import { z } from 'zod';
import { CASH_MOVEMENT_KINDS } from '../../domain/drawer';
import { BilingualText, BusinessDay, method, noInput, PlainText } from './define';
import { DrawerCash, SalesFigures } from './journal';
import { PrintOutcome } from './printing';
import { MethodAmount } from './returns';
import { SupervisorBy, SupervisorFields } from './settings';

/**
 * The people and the money around the sales: cashiers who sign in with a short personal PIN, a
 * session that locks when the till is left idle, shifts that open with a counted float and close
 * with a blind count, paid-in / paid-out / cash drops, the X report (mid-shift) and the numbered Z report that
 * ends the business day. Every rule is checked in main; the renderer only shows and asks.
 *
 * Who did it: main records the SIGNED-IN cashier on every sale, return, drawer opening and
 * resolution; a name sent by the renderer is never trusted for that.
 */

/** NT$ notes and coins a cashier counts, largest first. */
export const DENOMINATIONS = [1000, 500, 200, 100, 50, 10, 5, 1] as const;
export type Denomination = (typeof DENOMINATIONS)[number];

/** How many of each note and coin (keys are the denominations as text: `"1000"`, … `"1"`). */
export const DenominationCount = z
  .object(
    Object.fromEntries(DENOMINATIONS.map((d) => [String(d), z.number().int().min(0).max(100_000)])) as Record<
      `${Denomination}`,
      z.ZodNumber
    >,
  )
  .partial()
  .strict();
export type DenominationCount = z.infer<typeof DenominationCount>;

export const CashierId = z.string().regex(/^[A-Za-z0-9]{1,12}$/, '1 to 12 letters or digits');
/** A cashier's personal PIN: short, for speed at the counter; the supervisor PIN is separate. */
export const CashierPin = z.string().regex(/^\d{4,6}$/, '4 to 6 digits');

export const Cashier = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** May do supervisor acts with their own PIN (a store manager), besides the supervisor PIN. */
  supervisor: z.boolean(),
});
export type Cashier = z.infer<typeof Cashier>;

export const ShiftState = z.enum(['open', 'closed']);
export type ShiftState = z.infer<typeof ShiftState>;

/** Expected vs counted for one payment method (cash from the count; others as entered or expected). */
export const MethodReconciliation = z.object({
  method: z.string(),
  expected: z.number().int(),
  counted: z.number().int().nullable(),
  /** counted − expected: positive over, negative short; null until counted. */
  overShort: z.number().int().nullable(),
});
export type MethodReconciliation = z.infer<typeof MethodReconciliation>;

/** The figures of a shift (X report mid-shift, or the closed shift's final ones). */
export const ShiftFigures = z.object({
  float: z.number().int(),
  sales: z.object({ count: z.number().int(), amount: z.number().int() }),
  returns: z.object({ count: z.number().int(), amount: z.number().int() }),
  /** Sales minus refunds per payment method. */
  net: z.array(MethodAmount),
  paidIn: z.number().int(),
  paidOut: z.number().int(),
  /** Large notes taken to the safe (issue 24); 0 on figures recorded before there were any. */
  cashDrops: z.number().int().default(0),
  /** `drawer.expected`: float (or the drawer taken over) + net cash + paid-in − paid-out − cash drops. */
  expectedCash: z.number().int(),
  /**
   * The parts of the expected cash, named as everywhere (shared/domain/drawer.ts). Absent only on
   * a shift closed or a Z report made by a till before issue 22.
   */
  drawer: DrawerCash.optional(),
  /** Sales still in flight or 待確認 in this shift (their money is counted as taken). */
  pending: z.number().int(),
});
export type ShiftFigures = z.infer<typeof ShiftFigures>;

export const ShiftView = z.object({
  shiftId: z.number().int(),
  /** Per till and business day: 1, 2, … */
  number: z.number().int(),
  tillId: z.string(),
  businessDay: z.string(),
  state: ShiftState,
  openedBy: z.string(),
  openedAt: z.string(),
  /** The number of the shift whose drawer this one took over as counted; null: a float counted in. */
  takenOverFrom: z.number().int().nullable().optional(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Present only once the shift is closed (blind count: never shown to the counting cashier before). */
  figures: ShiftFigures.nullable(),
  reconciliation: z.array(MethodReconciliation).nullable(),
  count: DenominationCount.nullable(),
});
export type ShiftView = z.infer<typeof ShiftView>;

export const SessionView = z.object({
  cashier: Cashier.nullable(),
  /** Signed out or locked: sale, return and drawer methods are refused until someone signs in. */
  locked: z.boolean(),
  /** Why it locked: idle, signed out, or never signed in. */
  lockReason: z.enum(['idle', 'signed-out', 'not-signed-in']).nullable(),
  /** 0 = never locks by itself. */
  idleLockMinutes: z.number().int().nonnegative(),
  shift: ShiftView.nullable(),
  /** Whether any cashier exists (none: the till works as before, without sign-in, until the supervisor adds one). */
  cashiersConfigured: z.boolean(),
});
export type SessionView = z.infer<typeof SessionView>;

export const ZReport = z.object({
  /** Consecutive per till, never reused: Z0001, … */
  number: z.number().int(),
  tillId: z.string(),
  businessDay: z.string(),
  madeAt: z.string(),
  madeBy: z.string(),
  /** The supervisor who approved it with the PIN (named beside the cashier who made it), or null. */
  approvedBy: z.string().nullable().optional(),
  training: z.boolean(),
  shifts: z.array(ShiftView),
  figures: ShiftFigures,
  /**
   * The day's one set of figures (issue 22, item 15): gross, voids, allowances, net per method,
   * the first and last invoice number per track, every void and allowance by number. Absent on a
   * Z report made before it.
   */
  sales: SalesFigures.optional(),
  /** Only invoices that stand (issued, not voided), per kind, with tax as the return would count it. */
  invoices: z.array(
    z.object({
      kind: z.string(),
      label: BilingualText,
      count: z.number().int(),
      amount: z.number().int(),
      tax: z.number().int(),
    }),
  ),
  reconciliation: z.array(MethodReconciliation),
  /**
   * Of the standing invoices, those issued offline with the till's own numbers (開立方式 離線,
   * invoice mode, issue 27), and the day's offline invoices still waiting for their upload at the
   * Z report. Absent on a Z report made before it.
   */
  offline: z
    .object({
      count: z.number().int().nonnegative(),
      amount: z.number().int(),
      waitingUpload: z.number().int().nonnegative(),
    })
    .optional(),
  /** The journal's chain head at the Z report: anchors the day. */
  chainHead: z.string(),
  /** A copy (day.zReportCopy): printed and shown as 副本 / COPY, never as the original. */
  copy: z.boolean().optional(),
});
export type ZReport = z.infer<typeof ZReport>;

/**
 * How the slip of a report went (null: not asked to print). A slip that did not print stays a
 * pending job (printing.pending / printing.retry); the report itself is made either way.
 */
/** A declined age check as the journal shows it: who (null: a till without cashiers), when, what. */
export const DeclinedAgeCheck = z.object({
  id: z.number().int(),
  at: z.string(),
  code: z.string(),
  product: z.string(),
  training: z.boolean(),
  name: z.string().nullable(),
});
export type DeclinedAgeCheck = z.infer<typeof DeclinedAgeCheck>;

const Printed = { print: PrintOutcome.nullable().optional() };

const Reason = PlainText(40).refine((text) => text.trim().length > 0, {
  message: 'a reason is required',
  params: { zh: '請填寫原因' },
});

export const shiftsMethods = {
  'cashiers.list': method('The cashiers (never their PINs).', noInput, z.array(Cashier)),
  'cashiers.save': method(
    'Adds or changes a cashier (supervisor PIN). A new cashier needs a PIN; leaving it out keeps the old one.',
    z
      .object({
        cashier: z
          .object({
            id: CashierId,
            // Shown in the status bar and recorded on every sale: a blank name would name nobody.
            name: PlainText(40).refine((text) => text.trim().length > 0, {
              message: 'a name is required',
              params: { zh: '請填寫姓名' },
            }),
            pin: CashierPin.optional(),
            active: z.boolean().default(true),
            supervisor: z.boolean().default(false),
          })
          .strict(),
        ...SupervisorFields,
      })
      .strict(),
    Cashier,
  ),
  'session.current': method(
    'Who is signed in, whether the till is locked, and the open shift.',
    noInput,
    SessionView,
  ),
  'session.signIn': method(
    "Signs a cashier in with their own PIN (wrong PINs count towards a lockout like the supervisor's).",
    z.object({ cashierId: CashierId, pin: CashierPin }).strict(),
    SessionView,
  ),
  'session.signOut': method('Signs the cashier out; the till locks.', noInput, SessionView),
  /** The renderer reports keyboard/pointer activity (throttled); any contract call counts too. */
  'session.activity': method(
    'Keeps the session from locking while someone works.',
    noInput,
    z.object({ locked: z.boolean() }),
  ),
  'shift.open': method(
    'Opens a shift with the counted float (by denomination), or takes over the drawer of the shift before as it was counted (`takeOver`).',
    z
      .object({
        float: DenominationCount.default({}),
        /** The drawer stays: its cash is the last shift's count, one drawer, not new money. */
        takeOver: z.boolean().default(false),
      })
      .strict(),
    ShiftView,
  ),
  'shift.cashMovement': method(
    'Paid-in (change delivered), paid-out (petty cash) or cash drop (large notes to the safe) with a reason; opens the drawer (supervisor PIN).',
    z
      .object({
        kind: z.enum(CASH_MOVEMENT_KINDS),
        amount: z.number().int().min(1).max(1_000_000),
        reason: Reason,
        ...SupervisorFields,
        /** The supervisor who gave the PIN, named beside the signed-in cashier. */
        approvedBy: SupervisorBy.optional(),
      })
      .strict(),
    z.object({
      id: z.number().int(),
      message: BilingualText,
      /** False when the drawer did not open (printer offline): the movement is recorded all the same. */
      drawerOpened: z.boolean().optional(),
    }),
  ),
  'shift.xReport': method(
    "The open shift's figures so far, nothing reset (supervisor PIN: the expected cash is not for the counting cashier's eyes).",
    z.object({ print: z.boolean().default(false), ...SupervisorFields }).strict(),
    z.object({ shift: ShiftView, figures: ShiftFigures, ...Printed }),
  ),
  'shift.close': method(
    'Closes the open shift with a blind count: the count goes in first, then expected vs counted comes back.',
    z
      .object({
        count: DenominationCount,
        /** Other methods as counted (card slips' total…), per method; left out: taken as expected. */
        otherCounted: z
          .array(z.object({ method: z.enum(['card', 'other']), amount: z.number().int().min(0) }))
          .max(4)
          .default([]),
        print: z.boolean().default(true),
      })
      .strict(),
    ShiftView.extend(Printed),
  ),
  'shift.list': method(
    'The shifts of a business day (figures only for closed ones).',
    z.object({ businessDay: BusinessDay }).strict(),
    z.array(ShiftView),
  ),
  'day.zReport': method(
    'Ends the business day with the numbered Z report (supervisor PIN); refused when a shift is open or the day already has one.',
    z
      .object({
        businessDay: BusinessDay,
        print: z.boolean().default(true),
        ...SupervisorFields,
        /** The supervisor who gave the PIN, named beside the cashier who made the report. */
        approvedBy: SupervisorBy.optional(),
      })
      .strict(),
    ZReport.extend(Printed),
  ),
  'day.zReportCopy': method(
    'A copy of a Z report already made (printed as 副本 / COPY, never as the original).',
    z.object({ businessDay: BusinessDay, print: z.boolean().default(true), ...SupervisorFields }).strict(),
    ZReport.extend(Printed),
  ),
  'counter.ageCheckDeclined': method(
    'A 菸酒 product the cashier did not sell at the age check (不販售 / Esc): a journal record of who, when and which product.',
    z.object({ code: PlainText(40), product: PlainText(300) }).strict(),
    z.object({ id: z.number().int(), at: z.string() }),
  ),
  'counter.ageChecksDeclined': method(
    "A business day's declined age checks at this till, newest first (the journal's 年齡確認 tab).",
    z.object({ businessDay: BusinessDay }).strict(),
    z.array(DeclinedAgeCheck),
  ),
};
