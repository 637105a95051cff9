import type { z } from 'zod';
import { appEvents, appMethods } from './app';
import { catalogEvents, catalogMethods } from './catalog';
import { checkoutMethods } from './checkout';
import type { MethodSpec } from './define';
import { displayEvents, displayMethods } from './display';
import { headOfficeMethods } from './head-office';
import { invoiceModeMethods } from './invoice-mode';
import { journalMethods } from './journal';
import { printingMethods } from './printing';
import { reconciliationMethods } from './reconciliation';
import { returnsMethods } from './returns';
import { settingsMethods } from './settings';
import { shiftsMethods } from './shifts';
import { trainingMethods } from './training';

/**
 * The one IPC contract: every method the renderer may call and every event the main process
 * pushes. The preload bridge, the Electron registration and the web host are all generated from
 * it, so a method exists everywhere or nowhere. Each capability keeps its part in its own file.
 */
export const contract = {
  ...appMethods,
  ...catalogMethods,
  ...settingsMethods,
  ...journalMethods,
  ...checkoutMethods,
  ...printingMethods,
  ...returnsMethods,
  ...reconciliationMethods,
  ...shiftsMethods,
  ...headOfficeMethods,
  ...invoiceModeMethods,
  ...trainingMethods,
  ...displayMethods,
} satisfies Record<string, MethodSpec>;

export const events = {
  ...appEvents,
  ...catalogEvents,
  ...displayEvents,
} satisfies Record<string, z.ZodType>;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type MethodInput<M extends MethodName> = z.input<Contract[M]['input']>;
export type ParsedInput<M extends MethodName> = z.output<Contract[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Contract[M]['output']>;

export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export const methodNames = Object.keys(contract) as MethodName[];

export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(contract, name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name);
}

export * from './app';
export * from './catalog';
export * from './define';
export * from './display';
export * from './head-office';
export * from './invoice-mode';
export * from './journal';
export * from './printing';
export * from './reconciliation';
export * from './settings';
export * from './shifts';
export * from './training';
