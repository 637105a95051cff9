import { afterEach } from 'vitest';
import { makeTempDir } from './temp-dir';

/**
 * For the tests of the calling describe block: makes a fresh folder each time it is called, and
 * removes every folder a test made once that test is over. (Apart from temp-dir.ts, which the
 * benchmarks import outside vitest.)
 */
export function tempDirsPerTest(prefix: string): () => string {
  const made: Array<ReturnType<typeof makeTempDir>> = [];
  afterEach(() => made.splice(0).forEach((temp) => temp.remove()));
  return () => {
    const temp = makeTempDir(prefix);
    made.push(temp);
    return temp.dir;
  };
}
