import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Journal } from '../../../src/main/journal/journal';
import { beginSale, ISSUE, issuedSale, tempJournal } from './fixtures';

function verifyCli(db: string) {
  return spawnSync('npx', ['tsx', 'src/main/exports/cli.ts', 'verify', '--db', db], { encoding: 'utf8' });
}

describe('hash chain', () => {
  let env: ReturnType<typeof tempJournal>;
  let journal: Journal;
  let orderNos: string[];
  beforeEach(() => {
    env = tempJournal('chain');
    journal = env.open();
    orderNos = [issuedSale(journal, 'AB00000001'), issuedSale(journal, 'AB00000002', { total: 80 })];
    const unsure = beginSale(journal);
    journal.markNeedsVerification(unsure, { reason: 'timeout' });
    orderNos.push(unsure);
    journal.close();
  });
  afterEach(() => env.cleanup());

  /** The attacker: a plain sqlite connection with the append-only triggers dropped. */
  function tamper(sql: string, ...params: unknown[]) {
    const raw = new Database(env.path);
    raw.exec('DROP TRIGGER IF EXISTS entries_no_update; DROP TRIGGER IF EXISTS entries_no_delete;');
    raw.prepare(sql).run(...params);
    raw.close();
  }

  it('verifies an untouched journal, and its head is what the summary anchors', () => {
    const reopened = env.open();
    const result = reopened.verifyChain();
    expect(result).toMatchObject({ ok: true, entries: 8 });
    expect(reopened.summary({ businessDay: '2026-11-22' }).chainHead).toEqual(result.ok ? result.head : null);
    const cli = verifyCli(env.path);
    expect(cli.status).toBe(0);
    expect(cli.stdout).toContain('Journal intact: 8 entries');
  });

  it('links each entry to the previous one by SHA-256', () => {
    const entries = env.open().detail(orderNos[0]!)!.entries;
    expect(entries[0]!.prevHash).toBe('0'.repeat(64));
    expect(entries[1]!.prevHash).toBe(entries[0]!.hash);
    expect(entries[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('does not let the app connection rewrite or delete an entry', () => {
    const raw = new Database(env.path);
    expect(() => raw.prepare(`UPDATE entries SET payload = '{}' WHERE id = 1`).run()).toThrow(/append-only/);
    expect(() => raw.prepare(`DELETE FROM entries WHERE id = 1`).run()).toThrow(/append-only/);
    raw.close();
  });

  it('detects an edited entry, names it, and the verify CLI exits non-zero', () => {
    const raw = new Database(env.path, { readonly: true });
    const target = raw
      .prepare(`SELECT id, payload FROM entries WHERE kind = 'tx.begun' AND order_no = ?`)
      .get(orderNos[1]) as {
      id: number;
      payload: string;
    };
    raw.close();
    tamper(
      `UPDATE entries SET payload = ? WHERE id = ?`,
      target.payload.replace('"totalAmount":80', '"totalAmount":8'),
      target.id,
    );

    const result = env.open().verifyChain();
    expect(result).toMatchObject({ ok: false, brokenEntryId: target.id, orderNo: orderNos[1] });
    const cli = verifyCli(env.path);
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain(`Entry ${target.id} was modified`);
    expect(cli.stderr).toContain('日誌已被竄改或損毀');
  });

  it('detects an edit that also recomputes the entry hash (the next link breaks)', () => {
    const raw = new Database(env.path, { readonly: true });
    const row = raw.prepare(`SELECT id, prev_hash, payload FROM entries WHERE id = 2`).get() as {
      id: number;
      prev_hash: string;
    };
    raw.close();
    const forged = createHash('sha256')
      .update(row.prev_hash + 'forged')
      .digest('hex');
    tamper(`UPDATE entries SET payload = '{}', hash = ? WHERE id = 2`, forged);
    const result = env.open().verifyChain();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.brokenEntryId).toBe(2);
  });

  it('detects a deleted entry', () => {
    tamper(`DELETE FROM entries WHERE id = 4`);
    const result = env.open().verifyChain();
    expect(result).toMatchObject({ ok: false, brokenEntryId: 5 });
  });

  it('detects a state row edited behind the chain (needs-verification turned into issued)', () => {
    tamper(
      `UPDATE transactions SET state = 'issued', invoice_number = 'ZZ99999999' WHERE order_no = ?`,
      orderNos[2],
    );
    const result = env.open().verifyChain();
    expect(result).toMatchObject({ ok: false, brokenEntryId: null, orderNo: orderNos[2] });
    expect(verifyCli(env.path).status).toBe(1);
  });

  it('detects an amount or the body edited behind the chain (what exports add up and a resubmission sends)', () => {
    tamper(`UPDATE transactions SET total_amount = 8 WHERE order_no = ?`, orderNos[1]);
    expect(env.open().verifyChain()).toMatchObject({
      ok: false,
      brokenEntryId: null,
      orderNo: orderNos[1],
      reason: { en: `Order ${orderNos[1]}: its total_amount differs from its journal entries` },
    });
    tamper(`UPDATE transactions SET total_amount = 80 WHERE order_no = ?`, orderNos[1]);
    expect(env.open().verifyChain().ok).toBe(true);

    tamper(
      `UPDATE transactions SET body = replace(body, '珍珠奶茶', '紅茶') WHERE order_no = ?`,
      orderNos[2],
    );
    expect(env.open().verifyChain()).toMatchObject({ ok: false, orderNo: orderNos[2] });
  });

  it('detects a print job deleted or edited behind the chain (the next proof would not say 補印)', () => {
    const reopened = env.open();
    const job = reopened.createPrintJob({ orderNo: orderNos[0]!, kind: 'proof', content: 'proof' });
    reopened.recordPrintAttempt(job.id, { ok: true });
    reopened.createPrintJob({ orderNo: null, kind: 'test', content: 'test page' });
    expect(reopened.verifyChain().ok).toBe(true);

    tamper(`UPDATE print_jobs SET state = 'pending' WHERE id = ?`, job.id);
    expect(reopened.verifyChain()).toMatchObject({ ok: false, orderNo: orderNos[0] });
    tamper(`DELETE FROM print_jobs WHERE id = ?`, job.id);
    expect(reopened.verifyChain()).toMatchObject({ ok: false, orderNo: orderNos[0] });
  });

  it('keeps verifying after more sales are appended by a reopened journal', () => {
    const reopened = env.open();
    reopened.markIssued(beginSale(reopened), { ...ISSUE, invoiceNumber: 'AB00000009' });
    expect(reopened.verifyChain()).toMatchObject({ ok: true, entries: 10 });
  });
});
