import {
  bilingual,
  DRAWER_PART_LABEL,
  formatNtd,
  plural,
  type Bilingual,
  type CashMovementKind,
} from '../../shared/domain';
import { TillError } from '../core/errors';

/**
 * What the cashier and the manager read when a shift, a session or a Z report is refused, zh-TW
 * first. Every refusal says that nothing changed and what to do instead.
 */

export const tillLocked = (reason: 'idle' | 'signed-out' | 'not-signed-in') =>
  new TillError(
    'till-locked',
    reason === 'idle'
      ? bilingual(
          '收銀機閒置過久已鎖定：請收銀員輸入 PIN 登入後再操作。未執行。',
          'The till locked after being left idle: a cashier signs in with their PIN first. Nothing was done.',
        )
      : bilingual(
          '收銀機已鎖定（尚無收銀員登入）：請收銀員輸入 PIN 登入後再操作。未執行。',
          'The till is locked (no cashier is signed in): a cashier signs in with their PIN first. Nothing was done.',
        ),
  );

export const noOpenShift = (what: Bilingual) =>
  new TillError(
    'shift-not-open',
    bilingual(
      `尚未開班，不能${what.zh}：請先開班並清點零用金。未執行。`,
      `No shift is open, so ${what.en} cannot be done: open a shift with the counted float first. Nothing was done.`,
    ),
  );

export const shiftAlreadyOpen = (number: number, openedBy: string) =>
  new TillError(
    'shift-already-open',
    bilingual(
      `這台收銀機已有開班中的第 ${number} 班（${openedBy}）：請先交班。未開新班。`,
      `Shift ${number} (${openedBy}) is still open on this till: close it first. No new shift was opened.`,
    ),
  );

/** Nothing to take over: no shift of this till and mode has closed yet. */
export const noDrawerToTakeOver = () =>
  new TillError(
    'no-drawer-to-take-over',
    bilingual(
      '這台收銀機沒有可接手的錢櫃（尚無已交班的班別）：請點算零用金後開班。未開新班。',
      'There is no drawer to take over on this till (no shift has closed yet): count the float and open the shift with it. No shift was opened.',
    ),
  );

export const takeOverWithFloat = () =>
  new TillError(
    'take-over-with-float',
    bilingual(
      '接手錢櫃時不另點零用金（錢櫃金額即上一班的點鈔）：請擇一。未開新班。',
      'Taking over the drawer counts no new float (the drawer is the last shift’s count): choose one. No shift was opened.',
    ),
  );

/** After the Z report the day is closed at this till (the journal refuses a sale then too). */
export { dayClosed } from '../journal/shift-entries';

export const cashierRequired = () =>
  new TillError(
    'cashier-required',
    bilingual(
      '開班、交班、收支與中途收大鈔需要收銀員登入：請主管先在「收銀員」新增收銀員，再以收銀員 PIN 登入。未執行。',
      'Shifts, paid-in/out and cash drops need a signed-in cashier: a supervisor adds cashiers first, then a cashier signs in with their PIN. Nothing was done.',
    ),
  );

export const cashierMismatch = (sent: string, signedIn: string) =>
  new TillError(
    'cashier-mismatch',
    bilingual(
      `畫面送來的收銀員「${sent}」不是目前登入的「${signedIn}」：收銀員由登入決定。交易未送出。`,
      `The screen named cashier "${sent}", but "${signedIn}" is signed in: the cashier is who signed in. The sale was not sent.`,
    ),
  );

export const saleInFlight = () =>
  new TillError(
    'sale-in-flight',
    bilingual(
      '有一筆交易（或退貨）正在傳送給發票服務：請等結果出來再交班。班別未結束。',
      'A sale (or return) is being sent to the e-invoice service: wait for its outcome, then close the shift. The shift is still open.',
    ),
  );

/** Each cash movement in the cashier's words: its name, and what a refusal says was asked. */
export const MOVEMENT_WORDS: Readonly<Record<CashMovementKind, { name: Bilingual; asked: Bilingual }>> = {
  'paid-in': { name: bilingual('收入', 'Paid-in'), asked: bilingual('收入現金', 'a paid-in') },
  'paid-out': { name: bilingual('支出', 'Paid-out'), asked: bilingual('支出現金', 'a paid-out') },
  'cash-drop': {
    name: bilingual(DRAWER_PART_LABEL.cashDrops.zh, 'Cash drop'),
    asked: bilingual(DRAWER_PART_LABEL.cashDrops.zh, 'a cash drop'),
  },
};

/**
 * Without the expected figure: the cashier in front of the screen counts the drawer blind at the
 * close, so no message during the shift may tell how much cash it should hold (the X report, with
 * the supervisor PIN, is where that is read).
 */
export const beyondDrawer = (kind: Exclude<CashMovementKind, 'paid-in'>, amount: number) =>
  new TillError(
    kind === 'paid-out' ? 'paid-out-beyond-drawer' : 'cash-drop-beyond-drawer',
    bilingual(
      `${MOVEMENT_WORDS[kind].name.zh} ${formatNtd(amount)} 超過錢櫃應有的現金，未記錄、錢櫃未開啟。請主管以 X 報表核對。`,
      `${kind === 'paid-out' ? 'A paid-out' : 'A cash drop'} of ${formatNtd(amount)} is more than the drawer should hold: nothing was recorded, the drawer stayed shut. A supervisor can check the X report.`,
    ),
  );

export const zAlreadyMade = (businessDay: string, number: number) =>
  new TillError(
    'z-report-exists',
    bilingual(
      `${businessDay} 已做過日結 Z 報表（第 ${number} 號），不能再做一次；需要時請列印副本。`,
      `The Z report of ${businessDay} was already made (Z ${number}): it is never made twice. Print a copy if needed.`,
    ),
  );

export const zNotMade = (businessDay: string) =>
  new TillError(
    'z-report-not-found',
    bilingual(
      `${businessDay} 尚未做日結 Z 報表，沒有副本可印。`,
      `No Z report was made for ${businessDay}: there is no copy to print.`,
    ),
  );

export const zWithOpenShift = (number: number, businessDay: string) =>
  new TillError(
    'shift-still-open',
    bilingual(
      `第 ${number} 班（${businessDay}）尚未交班：請先盤點交班，再做日結 Z 報表。未做日結。`,
      `Shift ${number} (${businessDay}) is still open: count and close it before the Z report. No Z report was made.`,
    ),
  );

export const zWithUnsettled = (businessDay: string, count: number) =>
  new TillError(
    'day-unsettled',
    bilingual(
      `${businessDay} 還有 ${count} 筆待確認的交易或退貨：請先在日誌確認結果（是否已開立、已作廢或已折讓），再做日結 Z 報表，以免確認後的發票不在任何 Z 報表中。未做日結。`,
      `${businessDay} still has ${plural(count, 'sale or return', 'sales or returns')} to verify: settle ${count === 1 ? 'it' : 'them'} in the journal first (issued, voided, allowance made or not), so that no invoice settled afterwards falls outside every Z report. No Z report was made.`,
    ),
  );

export const zFutureDay = (businessDay: string) =>
  new TillError(
    'z-report-future-day',
    bilingual(
      `${businessDay} 還沒到，不能做日結。`,
      `${businessDay} has not come yet: no Z report can be made for it.`,
    ),
  );

export const cashierUnknown = () =>
  new TillError(
    'pin-wrong',
    bilingual('收銀員代號或 PIN 不正確，未登入。', 'Wrong cashier id or PIN: nobody was signed in.'),
  );

export const cashierInactive = () =>
  new TillError(
    'cashier-inactive',
    bilingual(
      '此收銀員已停用，未登入：請主管在「收銀員」啟用。',
      'This cashier is inactive and was not signed in: a supervisor activates them under Cashiers.',
    ),
  );

export const cashierPinLocked = (seconds: number) =>
  new TillError(
    'pin-locked',
    bilingual(
      `收銀員 PIN 錯誤次數過多，請 ${seconds} 秒後再試。`,
      `Too many wrong cashier PINs: try again in ${seconds} s.`,
    ),
  );

export const newCashierNeedsPin = (id: string) =>
  new TillError(
    'cashier-pin-required',
    bilingual(
      `新收銀員 ${id} 需要設定個人 PIN（4 到 6 位數字）。未儲存。`,
      `New cashier ${id} needs a personal PIN (4 to 6 digits). Nothing was saved.`,
    ),
  );

export const cashierNameTaken = (name: string, id: string) =>
  new TillError(
    'cashier-name-taken',
    bilingual(
      `姓名「${name}」已屬於收銀員 ${id}：每位收銀員的姓名須不同，紀錄上才分得出是誰。未儲存。`,
      `The name "${name}" already belongs to cashier ${id}: names must differ, so the records tell who did it. Nothing was saved.`,
    ),
  );

export const cashiersNeedSecureStorage = () =>
  new TillError(
    'secure-storage-unavailable',
    bilingual(
      '此電腦無法加密儲存收銀員 PIN，未儲存。',
      'This computer cannot store the cashier PINs encrypted: nothing was saved.',
    ),
  );

/** What the supervisor PIN is asked for, per act (the gate's `required` / `wrong`). */
export const PIN_TEXTS = {
  cashiers: {
    required: bilingual(
      '新增或修改收銀員需要主管 PIN。',
      'Adding or changing a cashier needs the supervisor PIN.',
    ),
    wrong: bilingual('主管 PIN 不正確，收銀員未儲存。', 'Wrong supervisor PIN: the cashier was not saved.'),
  },
  cashMovement: {
    required: bilingual(
      '收入、支出或中途收大鈔需要主管 PIN，未記錄。',
      'A paid-in, a paid-out or a cash drop needs the supervisor PIN. Nothing was recorded.',
    ),
    wrong: bilingual(
      '主管 PIN 不正確，未記錄、錢櫃未開啟。',
      'Wrong supervisor PIN: nothing was recorded, the drawer stayed shut.',
    ),
  },
  xReport: {
    required: bilingual('X 報表（中班報表）需要主管 PIN。', 'The X report needs the supervisor PIN.'),
    wrong: bilingual('主管 PIN 不正確，未顯示 X 報表。', 'Wrong supervisor PIN: the X report was not shown.'),
  },
  zReport: {
    required: bilingual(
      '日結 Z 報表需要主管 PIN，未做日結。',
      'The Z report needs the supervisor PIN. No Z report was made.',
    ),
    wrong: bilingual('主管 PIN 不正確，未做日結。', 'Wrong supervisor PIN: no Z report was made.'),
  },
  zCopy: {
    required: bilingual('列印 Z 報表副本需要主管 PIN。', 'A copy of the Z report needs the supervisor PIN.'),
    wrong: bilingual('主管 PIN 不正確，未列印副本。', 'Wrong supervisor PIN: no copy was printed.'),
  },
} as const;

export const movementMessage = (kind: CashMovementKind, amount: number, drawerOpened: boolean): Bilingual => {
  const what = MOVEMENT_WORDS[kind].name;
  return drawerOpened
    ? bilingual(
        `${what.zh} ${formatNtd(amount)} 已記錄，錢櫃已開啟。`,
        `${what.en} of ${formatNtd(amount)} recorded; the drawer is open.`,
      )
    : bilingual(
        `${what.zh} ${formatNtd(amount)} 已記錄，但錢櫃沒有打開（印表機未回應）：請用鑰匙開錢櫃，或由主管再開一次。`,
        `${what.en} of ${formatNtd(amount)} recorded, but the drawer did not open (the printer did not answer): open it with the key, or a supervisor opens it again.`,
      );
};
