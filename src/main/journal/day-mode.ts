import type { Bilingual } from '../../shared/domain';

/**
 * Whether a day's papers and files are real takings, training, or both (issue 15): training sales
 * must never pass for a day's sales, on the summary slip or in an export. `production`: nothing
 * of it is training (an empty day too: it claims no sales either); `training`: all of it is;
 * `with-training`: both, e.g. the go-live day, when the morning's training is kept apart from the
 * first real sales. The code is what the export's file names and its summary CSV carry.
 */
export const DAY_MODES = ['production', 'training', 'with-training'] as const;
export type DayMode = (typeof DAY_MODES)[number];

/** The words beside the code (the summary CSV for spreadsheets). */
export const DAY_MODE_LABEL: Readonly<Record<DayMode, Bilingual>> = {
  production: { zh: '正式營業', en: 'Sales' },
  training: { zh: '練習模式（非營業資料）', en: 'Training (not sales)' },
  'with-training': { zh: '含練習模式（另列，不列入營收）', en: 'Sales with training (apart, not sales)' },
};

/** The mode of a set of records from their training flags. */
export function dayModeOf(trainingFlags: Iterable<boolean>): DayMode {
  let training = false;
  let production = false;
  for (const flag of trainingFlags) {
    if (flag) training = true;
    else production = true;
  }
  return training ? (production ? 'with-training' : 'training') : 'production';
}

/** What a summary block holds of a day: sales in any state and the returns it counts. */
interface BlockActivity {
  count: number;
  // Optional: a summary slip job stored before returns existed has none.
  returns?: {
    voids: { count: number };
    allowances: { count: number };
    allowanceVoids: { count: number };
    pending: { count: number };
  };
}

/** True when the block has any sale or return (a return of an earlier day's sale counts too). */
export function hasActivity(block: BlockActivity): boolean {
  const r = block.returns;
  return (
    block.count > 0 ||
    (r !== undefined && r.voids.count + r.allowances.count + r.allowanceVoids.count + r.pending.count > 0)
  );
}

/** The mode of a day summary (the summary slip's and the CLI's summary CSV). */
export function dayModeOfSummary(summary: { sales: BlockActivity; training: BlockActivity }): DayMode {
  const flags: boolean[] = [];
  if (hasActivity(summary.sales)) flags.push(false);
  if (hasActivity(summary.training)) flags.push(true);
  return dayModeOf(flags);
}
