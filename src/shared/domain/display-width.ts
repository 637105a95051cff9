/**
 * Column width on a receipt or a fixed-width screen: a CJK (or other East Asian wide/fullwidth)
 * character takes two columns, everything else one. Slips align by this, not by string length.
 */
export function charWidth(codePoint: number): 1 | 2 {
  return (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf && codePoint !== 0x303f) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
    ? 2
    : 1;
}

export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char.codePointAt(0)!);
  return width;
}

/** Cuts text to at most `width` columns without splitting a wide character. */
export function truncateToWidth(text: string, width: number): string {
  let out = '';
  let used = 0;
  for (const char of text) {
    const w = charWidth(char.codePointAt(0)!);
    if (used + w > width) break;
    out += char;
    used += w;
  }
  return out;
}

export function padEndToWidth(text: string, width: number): string {
  const cut = truncateToWidth(text, width);
  return cut + ' '.repeat(width - displayWidth(cut));
}

export function padStartToWidth(text: string, width: number): string {
  const cut = truncateToWidth(text, width);
  return ' '.repeat(width - displayWidth(cut)) + cut;
}

/** One receipt row: the left text and the right text pushed apart to fill `width` columns. */
export function spreadRow(left: string, right: string, width: number): string {
  const rightWidth = displayWidth(right);
  return padEndToWidth(left, Math.max(0, width - rightWidth - 1)) + ' ' + right;
}
