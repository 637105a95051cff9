import { Dialog } from '../components/Dialog';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';

const KEYS: { key: string; zh: string; en: string }[] = [
  { key: 'F1', zh: '說明（本畫面）', en: 'Help (this screen)' },
  {
    key: 'F2',
    zh: '銷售：搜尋商品｜結帳、改開：紙本證明聯｜退貨：輸入號碼',
    en: 'Sell: search | Checkout, reissue: paper proof | Returns: type a number',
  },
  {
    key: 'F3',
    zh: '銷售：掛單｜結帳、改開：載具｜退貨：整筆退貨',
    en: 'Sell: hold the cart | Checkout, reissue: carrier | Returns: whole sale',
  },
  { key: 'F4', zh: '銷售：數量｜結帳：捐贈', en: 'Sell: quantity | Checkout: donate' },
  {
    key: 'F5',
    zh: '銷售：改價｜結帳：手機決定（QR）｜結果：重送',
    en: 'Sell: price | Checkout: QR on phone | Result: send again',
  },
  {
    key: 'F6',
    zh: '銷售：整筆折扣｜結帳、改開：統一編號｜退貨：改開發票',
    en: 'Sell: order discount | Checkout, reissue: tax ID | Returns: void & reissue',
  },
  { key: 'F7', zh: '銷售：退貨', en: 'Sell: returns' },
  { key: 'F7 F8 F9', zh: '結帳：現金、信用卡、其他', en: 'Checkout: cash, card, other' },
  { key: 'F8', zh: '銷售：刪除（再按一次復原）', en: 'Sell: void line (again: restore)' },
  { key: 'F9', zh: '銷售：單品折扣', en: 'Sell: line discount' },
  {
    key: 'F10',
    zh: '銷售：結帳｜結果：下一筆｜退貨完成：下一筆退貨',
    en: 'Sell: checkout | Result: next sale | Return done: next return',
  },
  { key: 'F11', zh: '銷售：取單（掛起的購物清單）', en: 'Sell: recall a held cart' },
  {
    key: 'F12',
    zh: '結帳：收款並開立發票｜退貨、改開：確認（主管 PIN）',
    en: 'Checkout: take payment and issue | Returns, reissue: confirm (supervisor PIN)',
  },
  { key: '↑ ↓', zh: '選擇購物清單中的項目', en: 'Select a cart line' },
  {
    key: 'Enter ← → ↑ ↓',
    zh: '搜尋：只有一項時直接加入，多項時移到結果，方向鍵選擇、Enter 加入',
    en: 'Search: Enter adds the only result or moves to the results; arrows pick, Enter adds',
  },
  { key: 'Esc', zh: '返回／關閉', en: 'Back / close' },
];

/** The function keys at a glance; the same keys are printed on the buttons. */
export function HelpDialog({ onClose }: { onClose(): void }) {
  const t = useText();
  return (
    <Dialog
      title={t({ zh: '快速鍵說明', en: 'Keyboard shortcuts' })}
      onClose={onClose}
      testId="help-dialog"
      wide
      footer={
        <KeyButton shortcut="Escape" onClick={onClose}>
          {t({ zh: '關閉', en: 'Close' })}
        </KeyButton>
      }
    >
      <table className="help-table">
        <tbody>
          {KEYS.map((row) => (
            <tr key={row.key + row.zh}>
              <th>
                <kbd>{row.key}</kbd>
              </th>
              <td>{t(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">
        {t({
          zh: '條碼掃描器在任何畫面位置都可直接掃描：商品加入購物清單，手機條碼載具留待結帳使用；在退貨畫面掃描顧客證明聯的條碼或左邊 QR Code 即可找到該筆交易。',
          en: "The barcode scanner works wherever the focus is: products go into the cart, a mobile barcode is kept for the checkout; on the returns screen the proof's barcode or left QR code finds the sale.",
        })}
      </p>
    </Dialog>
  );
}
