import { z } from 'zod';
import { method, PlainText } from './define';

/**
 * The customer display (issue 15): a second window (Electron, on the second screen) or a second
 * page (web host, `/customer`) that shows the customer the cart, the total, the change and the
 * donate/bind QR code, with the store's name. Read only: the till's renderer publishes what to
 * show with `display.update`; main checks it, adds the store's name from the settings, and pushes
 * it to every window and client as `display.changed`.
 */
export const DisplayLine = z
  .object({
    name: PlainText(256),
    quantity: z.number().finite().min(0).max(99_999),
    /** What the line costs after its discounts (NT$). */
    amount: z.number().finite().min(-10_000_000).max(10_000_000),
  })
  .strict();

export const DisplayPhase = z.enum(['idle', 'cart', 'paying', 'done']);

export const DisplayUpdate = z
  .object({
    phase: DisplayPhase,
    lines: z.array(DisplayLine).max(500),
    total: z.number().finite().min(0).max(100_000_000),
    /** Paid so far (checkout), null before payment. */
    paid: z.number().finite().min(0).max(100_000_000).nullable(),
    /** Cash change due, null until the sale is done. */
    change: z.number().finite().min(0).max(100_000_000).nullable(),
    /** The donate/bind link the service returned (https only; drawn as a QR code on the display). */
    qrUrl: PlainText(2000)
      .refine((value) => /^https:\/\/[^\s]+$/.test(value), 'an https link')
      .nullable(),
  })
  .strict();
export type DisplayUpdate = z.infer<typeof DisplayUpdate>;

export const DisplayState = DisplayUpdate.extend({ sellerName: z.string() });
export type DisplayState = z.infer<typeof DisplayState>;

/**
 * The customer display's window (Electron, issue 23): `open` on the second screen, `closed` by
 * the cashier, `no-screen` (no second screen), `misplaced` (the OS would not put it on the second
 * screen, so it was closed rather than left over the till), `unavailable` (the web host: the
 * customer display is a page opened at /customer).
 */
export const CustomerWindowState = z.enum(['open', 'closed', 'no-screen', 'misplaced', 'unavailable']);
export type CustomerWindowState = z.infer<typeof CustomerWindowState>;

export const displayMethods = {
  'display.window': method(
    "The customer display's window: its state, or open / close it from the till (`open`)",
    z.object({ open: z.boolean().optional() }).strict(),
    z.object({ state: CustomerWindowState }),
  ),
  'display.update': method(
    "Publish what the customer display shows (main adds the store's name and pushes display.changed)",
    DisplayUpdate,
    z.object({ ok: z.literal(true) }),
  ),
};

export const displayEvents = {
  'display.changed': DisplayState,
  'display.window-changed': z.object({ state: CustomerWindowState }),
};
