import iconv from 'iconv-lite';

/**
 * A catalog file as Excel in Taiwan saves it: UTF-8 (with or without a byte-order mark) or Big5
 * (code page 950, "CSV" in a Traditional Chinese Windows). Anything that is not valid UTF-8 is
 * read as Big5.
 */
export function decodeCatalogFile(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'big5' } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(bytes), 'cp950'), encoding: 'big5' };
  }
}
