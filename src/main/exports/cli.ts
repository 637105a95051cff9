// `npm run journal -- export|summary|verify|pending|resolve --db PATH …` (see cli-commands.ts).
import { runJournalCli } from './cli-commands';

runJournalCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `日誌工具發生錯誤 / The journal tool failed: ${(error as Error).stack ?? String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
