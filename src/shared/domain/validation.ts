import type { Bilingual } from './i18n';

/**
 * What a check answers: the normalized value, or a reason a cashier understands, in zh-TW and
 * English. Its own module, below both the plain-text rule and the validators that use it (the
 * validators call the plain-text rule, so the type cannot live in either without a circle).
 */
export type Validation = { ok: true; value: string } | { ok: false; reason: Bilingual };
