import type { Bilingual } from '../../../shared/domain';

/** Return kinds and states in the cashier's words (the returns screen and the journal). */
export const RETURN_KIND_LABEL: Record<string, Bilingual> = {
  void: { zh: '作廢', en: 'Void' },
  allowance: { zh: '折讓', en: 'Allowance' },
  'cancel-allowance': { zh: '作廢折讓', en: 'Allowance void' },
};

export const RETURN_STATE_LABEL: Record<string, Bilingual> = {
  'in-flight': { zh: '送出中', en: 'Sending' },
  done: { zh: '完成', en: 'Done' },
  rejected: { zh: '被拒絕', en: 'Rejected' },
  'not-delivered': { zh: '未送達', en: 'Not delivered' },
  'needs-verification': { zh: '待確認', en: 'To verify' },
  'not-done': { zh: '未成立', en: 'Not done' },
};

/** A label, or the key itself for a value this screen does not know yet. */
export const labelFor = (labels: Record<string, Bilingual>, key: string): Bilingual =>
  Object.hasOwn(labels, key) ? labels[key]! : { zh: key, en: key };
