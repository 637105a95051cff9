import { taipeiDateTime } from '../../../shared/domain';
import type { Paper } from '../paper';
import { SlipBuilder, type Slip } from './slip';

export const TEST_TITLE = '列印測試';

export interface TestSlipInput {
  printer: string;
  model: string;
  chinese: 'big5' | 'raster';
  at: Date;
}

/** The test print: the column grid, Chinese in the chosen mode, a barcode and the QR pair. */
export function testSlip(input: TestSlipInput, paper: Paper): Slip {
  const b = new SlipBuilder(paper.columns);
  b.line(TEST_TITLE, 'center', { wide: true, tall: true, bold: true });
  b.line('Printer test', 'center');
  b.row('時間', taipeiDateTime(input.at).replace('T', ' '));
  b.row('印表機', input.printer);
  b.row('機型', input.model.toUpperCase());
  b.row('紙寬', `${paper.width} mm / ${paper.columns} 字`);
  b.row('中文', input.chinese === 'big5' ? 'Big5 文字' : '點陣圖');
  b.rule();
  b.line('1234567890'.repeat(Math.ceil(paper.columns / 10)).slice(0, paper.columns));
  b.line('中文測試：電子發票證明聯');
  b.row('左', '右');
  b.rule();
  b.code39('TEST-39');
  b.feed(6);
  b.qrPair('TEST LEFT QR CODE', '**TEST RIGHT QR CODE');
  return { kind: 'test', widthDots: paper.dots, columns: paper.columns, blocks: b.blocks };
}
