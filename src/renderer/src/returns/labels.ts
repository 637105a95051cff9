import {
  labelOf,
  RETURN_KIND_LABEL as KINDS,
  RETURN_STATE_LABEL,
  type Bilingual,
} from '../../../shared/domain';

/**
 * Return kinds and states in the shared glossary's words (the returns screen and the journal).
 * The returns contract calls an allowance void `cancel-allowance` (the journal: `allowance-void`).
 */
export const RETURN_KIND_LABEL: Readonly<Record<string, Bilingual>> = {
  ...KINDS,
  'cancel-allowance': KINDS['allowance-void'],
};

export { RETURN_STATE_LABEL };

/** A label, or the key itself for a value this screen does not know yet. */
export const labelFor = (labels: Readonly<Record<string, Bilingual>>, key: string): Bilingual =>
  labelOf(labels, key);
