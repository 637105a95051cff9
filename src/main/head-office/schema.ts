/**
 * The head-office schema (PostgreSQL ≥ 11, core SQL only: no extension), as ordered steps applied
 * by `migrateHeadOffice` (migrate.ts) in ONE transaction with the versions in
 * `hq.schema_migrations`. Never edit a released step: add the next one.
 *
 * Everything lives in the schema `hq`, so a head-office database may hold other things too.
 *
 * What a till may do is three SECURITY DEFINER functions: `hq.register` (claim its till id for its
 * machine and register its chain key), `hq.ingest` (one batch of journal entries, verified before
 * anything is stored) and `hq.store_day` (its store's figures for the closing screen). A till's
 * role needs nothing else (`hq.grant_till_role`): it can neither read other tills' entries nor
 * write a row that the chain check has not passed. The owner's role (the one that ran `migrate`)
 * reads everything: reports and restore.
 *
 * The chain key. Entries from `keyed_from` on are HMAC-SHA256 under the till's 32-byte chain key
 * (src/main/journal/chain.ts). Head office cannot verify them, nor can a restored till continue
 * the keyed chain, without that key, so the till registers it (with `keyed_from`) on first contact
 * over its authenticated connection (TLS in production) and head office keeps it in
 * `hq.till_keys`, which PUBLIC cannot read and a till role is never granted. Head office is the
 * owner's own database: whoever holds its owner role could already rewrite `hq.entries`, so the
 * key adds no new power there, while a till's stolen write-only password still cannot read it.
 * A key registered once is never replaced (a different one is refused: the till's journal or key
 * was swapped).
 *
 * The machine claim. A till id is claimed by the random install id of the PC that first fed it
 * (kept by the till in its data folder, install-id.ts). Another install id for the same till is
 * refused, never merged; only `restore` (the owner's command, for a new PC) moves the claim.
 *
 * HMAC in plain SQL: HMAC(K, m) = H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m)) with sha256() (PostgreSQL
 * 11+); the padded keys are computed once at registration (`hq.hmac_pads`), so no pgcrypto is
 * needed on a hosted database.
 */
export interface HeadOfficeMigration {
  version: number;
  description: string;
  up: string;
}

/** Created before any step, so the versions themselves can be read (migrate.ts). */
export const BOOTSTRAP_SQL = `
  CREATE SCHEMA IF NOT EXISTS hq;
  CREATE TABLE IF NOT EXISTS hq.schema_migrations (
    version integer PRIMARY KEY,
    description text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  );
`;

const STEP_1 = String.raw`
-- One company per head-office database: its seller tax ID, stored by the first migrate. A till of
-- another company is refused (hq.register), as is a migrate naming another one.
CREATE TABLE hq.meta (
  id integer PRIMARY KEY CHECK (id = 1),
  company_id text NOT NULL CHECK (company_id ~ '^[0-9]{8}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE hq.companies (
  company_id text PRIMARY KEY CHECK (company_id ~ '^[0-9]{8}$'),
  name text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE hq.stores (
  store_id text PRIMARY KEY CHECK (store_id ~ '^[A-Za-z0-9_-]{1,32}$'),
  company_id text NOT NULL REFERENCES hq.companies (company_id),
  name text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A till as head office knows it: the machine that owns the id, and whether it is refused. A
-- refused till sends nothing more until a person releases it (hq release) or restores it.
CREATE TABLE hq.tills (
  till_id text PRIMARY KEY CHECK (till_id ~ '^[A-Z0-9]{1,12}$'),
  store_id text NOT NULL REFERENCES hq.stores (store_id),
  install_id text NOT NULL CHECK (install_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
  registered_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz,
  last_entry_at timestamptz,
  refused_at timestamptz,
  refused_code text,
  refused_entry_id bigint,
  refused_zh text,
  refused_en text
);

-- The till's chain key (see the header of schema.ts): readable by the owner only.
CREATE TABLE hq.till_keys (
  till_id text PRIMARY KEY REFERENCES hq.tills (till_id),
  keyed_from bigint NOT NULL CHECK (keyed_from >= 1),
  chain_key bytea NOT NULL CHECK (length(chain_key) = 32),
  key_ipad bytea NOT NULL CHECK (length(key_ipad) = 64),
  key_opad bytea NOT NULL CHECK (length(key_opad) = 64),
  registered_at timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON hq.till_keys FROM PUBLIC;

-- What happened to a till at head office: registered, store changed, refused, released, restored.
CREATE TABLE hq.till_events (
  id bigserial PRIMARY KEY,
  till_id text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  event text NOT NULL,
  by_name text,
  detail jsonb
);
CREATE INDEX till_events_till ON hq.till_events (till_id, id);

-- Every till's journal entries, as the till's file holds them: payload_text is the exact text the
-- hash covers (restore writes it back byte for byte); payload is the same as jsonb for queries
-- (null for the rare text jsonb cannot hold, such as \u0000).
CREATE TABLE hq.entries (
  till_id text NOT NULL REFERENCES hq.tills (till_id),
  id bigint NOT NULL CHECK (id >= 1),
  at text NOT NULL,
  kind text NOT NULL,
  order_no text,
  payload_text text NOT NULL,
  payload jsonb,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (till_id, id)
);
CREATE INDEX entries_order ON hq.entries (till_id, order_no, id) WHERE order_no IS NOT NULL;

CREATE FUNCTION hq.append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'head-office journal entries are append-only';
END $$;
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON hq.entries
  FOR EACH ROW EXECUTE FUNCTION hq.append_only();
CREATE TRIGGER entries_no_truncate BEFORE TRUNCATE ON hq.entries
  FOR EACH STATEMENT EXECUTE FUNCTION hq.append_only();

-- ---------------------------------------------------------------- derived reporting tables
-- Rebuilt from hq.entries by hq.apply_entries, in the same transaction as the entries arrive, so
-- reports are plain aggregates. feed_till: the till whose journal the row comes from.

-- Each sale's latest state from its entries (derive.ts's nextTxRow, for what reports need).
CREATE TABLE hq.sales (
  feed_till text NOT NULL,
  order_no text NOT NULL,
  till_id text NOT NULL,
  company_id text,
  business_day date NOT NULL,
  training boolean NOT NULL,
  cashier text,
  operation text,
  invoice_kind text,
  state text NOT NULL,
  attempt integer NOT NULL,
  total_amount bigint NOT NULL,
  sales_amount bigint NOT NULL,
  tax_amount bigint NOT NULL,
  zero_tax_sales_amount bigint NOT NULL DEFAULT 0,
  free_tax_sales_amount bigint NOT NULL DEFAULT 0,
  invoice_number text,
  invoice_datetime text,
  last_message text,
  created_at text NOT NULL,
  updated_at text NOT NULL,
  PRIMARY KEY (feed_till, order_no)
);
CREATE INDEX sales_day ON hq.sales (business_day, till_id);
CREATE INDEX sales_open ON hq.sales (state) WHERE state IN ('needs-verification', 'in-flight');

-- Each sale's payments as taken (the till summary's "money taken" per method).
CREATE TABLE hq.sale_payments (
  feed_till text NOT NULL,
  order_no text NOT NULL,
  seq integer NOT NULL,
  method text NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (feed_till, order_no, seq),
  FOREIGN KEY (feed_till, order_no) REFERENCES hq.sales (feed_till, order_no)
);

-- Voids, allowances and allowance voids, each in its latest state (derive.ts's nextReturnRow).
CREATE TABLE hq.returns (
  feed_till text NOT NULL,
  return_id bigint NOT NULL,
  order_no text NOT NULL,
  invoice_number text,
  kind text NOT NULL,
  state text NOT NULL,
  till_id text NOT NULL,
  business_day date NOT NULL,
  training boolean NOT NULL,
  by_name text,
  attempt integer NOT NULL,
  total_amount bigint NOT NULL,
  sales_amount bigint NOT NULL,
  tax_amount bigint NOT NULL,
  allowance_number text,
  last_message text,
  created_at text NOT NULL,
  updated_at text NOT NULL,
  PRIMARY KEY (feed_till, return_id)
);
CREATE INDEX returns_day ON hq.returns (business_day, till_id);
CREATE INDEX returns_open ON hq.returns (state) WHERE state IN ('needs-verification', 'in-flight');

-- Money back per method (an allowance void: money taken back, counted negative in the views).
CREATE TABLE hq.return_refunds (
  feed_till text NOT NULL,
  return_id bigint NOT NULL,
  seq integer NOT NULL,
  method text NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (feed_till, return_id, seq),
  FOREIGN KEY (feed_till, return_id) REFERENCES hq.returns (feed_till, return_id)
);

-- The reconciliation's records (kind reconciliation.run, src/main/journal/reconciliation-runs.ts):
-- the figures of each run, late uploads among them.
CREATE TABLE hq.reconciliation_runs (
  feed_till text NOT NULL,
  entry_id bigint NOT NULL,
  at text NOT NULL,
  trigger text,
  business_days jsonb,
  checked bigint,
  complete boolean,
  counts jsonb,
  tills jsonb,
  PRIMARY KEY (feed_till, entry_id)
);

-- ---------------------------------------------------------------- the chain check

-- The canonical text of an entry, as chain.ts's entryText composes it from the stored payload.
CREATE FUNCTION hq.entry_text(p_id bigint, p_at text, p_kind text, p_order_no text, p_payload text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT '{"at":' || to_json(p_at)::text || ',"id":' || p_id::text || ',"kind":' || to_json(p_kind)::text
    || ',"orderNo":' || coalesce(to_json(p_order_no)::text, 'null') || ',"payload":' || p_payload || '}'
$$;

-- The key padded and xored with ipad (0x36) and opad (0x5c), once per key (HMAC, RFC 2104).
CREATE FUNCTION hq.hmac_pads(p_key bytea, OUT ipad bytea, OUT opad bytea)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  k bytea := p_key;
  i integer;
BEGIN
  IF length(k) > 64 THEN k := sha256(k); END IF;
  k := k || decode(repeat('00', 64 - length(k)), 'hex');
  ipad := k;
  opad := k;
  FOR i IN 0..63 LOOP
    ipad := set_byte(ipad, i, get_byte(k, i) # 54);
    opad := set_byte(opad, i, get_byte(k, i) # 92);
  END LOOP;
END $$;

-- One link: SHA-256 of prev ‖ text, or its HMAC under the key whose pads are given.
CREATE FUNCTION hq.link_hash(p_ipad bytea, p_opad bytea, p_prev text, p_text text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT encode(
    CASE WHEN p_ipad IS NULL THEN sha256(convert_to(p_prev || p_text, 'UTF8'))
         ELSE sha256(p_opad || sha256(p_ipad || convert_to(p_prev || p_text, 'UTF8')))
    END, 'hex')
$$;

-- The fields the canonical text takes as they are: an instant, a kind, an order number.
CREATE FUNCTION hq.entry_fields_ok(p_at text, p_kind text, p_order_no text)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_at ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?Z$'
     AND p_kind ~ '^[a-z][a-z.-]{0,63}$'
     AND (p_order_no IS NULL OR p_order_no ~ '^[A-Z0-9-]{1,30}$')
$$;

CREATE FUNCTION hq.jsonb_or_null(p_text text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN p_text::jsonb;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;

-- Marks a till refused (nothing more is accepted until a person acts) and says why.
CREATE FUNCTION hq.refuse_till(p_till text, p_code text, p_entry_id bigint, p_zh text, p_en text)
RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  UPDATE hq.tills SET refused_at = now(), refused_code = p_code, refused_entry_id = p_entry_id,
    refused_zh = p_zh, refused_en = p_en
  WHERE till_id = p_till;
  INSERT INTO hq.till_events (till_id, event, detail)
    VALUES (p_till, 'refused', jsonb_build_object('code', p_code, 'entryId', p_entry_id, 'en', p_en));
  RETURN jsonb_build_object('status', 'refused', 'code', p_code, 'entryId', p_entry_id, 'zh', p_zh, 'en', p_en);
END $$;

CREATE FUNCTION hq.refusal_of(t hq.tills) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('status', 'refused', 'code', t.refused_code, 'entryId', t.refused_entry_id,
    'zh', t.refused_zh, 'en', t.refused_en)
$$;

-- ---------------------------------------------------------------- derivation

-- Applies the till's entries first..last (in id order) to the reporting tables. The same rules as
-- the till's derive.ts, for the columns reports read.
--
-- enable_seqscan off (here, in set_sale_payments, ingest and register): each statement is a
-- primary-key look-up, and PL/pgSQL keeps a statement's plan for the session; planned while the
-- tables were small (a new head office, a first catch-up) that plan would be a sequential scan,
-- and a catch-up of days would slow down with every sale it adds.
CREATE FUNCTION hq.apply_entries(p_till text, p_first bigint, p_last bigint)
RETURNS void LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  e record;
  p jsonb;
BEGIN
  FOR e IN SELECT id, at, kind, order_no, payload FROM hq.entries
           WHERE till_id = p_till AND id BETWEEN p_first AND p_last
             AND payload IS NOT NULL
             AND (kind LIKE 'tx.%' OR kind LIKE 'return.%' OR kind = 'reconciliation.run')
             AND kind NOT IN ('tx.exchange', 'tx.qr-display', 'return.exchange')
           ORDER BY id
  LOOP
    p := e.payload;
    CASE e.kind
    WHEN 'tx.begun' THEN
      INSERT INTO hq.sales AS s (feed_till, order_no, till_id, company_id, business_day, training, cashier,
        operation, invoice_kind, state, attempt, total_amount, sales_amount, tax_amount,
        zero_tax_sales_amount, free_tax_sales_amount, created_at, updated_at)
      VALUES (p_till, e.order_no, coalesce(p->>'tillId', p_till), p->>'companyId', (p->>'businessDay')::date,
        coalesce((p->>'training')::boolean, false), p->>'cashier', p->>'operation', p#>>'{invoice,kind}',
        coalesce(p->>'state', 'in-flight'), coalesce((p->>'attempt')::integer, 1),
        coalesce((p#>>'{totals,totalAmount}')::bigint, 0), coalesce((p#>>'{totals,salesAmount}')::bigint, 0),
        coalesce((p#>>'{totals,taxAmount}')::bigint, 0), coalesce((p#>>'{totals,zeroTaxSalesAmount}')::bigint, 0),
        coalesce((p#>>'{totals,freeTaxSalesAmount}')::bigint, 0), e.at, e.at)
      ON CONFLICT (feed_till, order_no) DO NOTHING;
      PERFORM hq.set_sale_payments(p_till, e.order_no, p->'payments');
    WHEN 'tx.resubmitted' THEN
      UPDATE hq.sales SET state = 'in-flight', updated_at = e.at,
        attempt = coalesce((p->>'attempt')::integer, attempt + 1),
        operation = coalesce(p#>>'{changes,operation}', operation),
        invoice_kind = coalesce(p#>>'{changes,invoice,kind}', invoice_kind),
        total_amount = coalesce((p#>>'{changes,totals,totalAmount}')::bigint, total_amount),
        sales_amount = coalesce((p#>>'{changes,totals,salesAmount}')::bigint, sales_amount),
        tax_amount = coalesce((p#>>'{changes,totals,taxAmount}')::bigint, tax_amount),
        zero_tax_sales_amount = coalesce((p#>>'{changes,totals,zeroTaxSalesAmount}')::bigint, zero_tax_sales_amount),
        free_tax_sales_amount = coalesce((p#>>'{changes,totals,freeTaxSalesAmount}')::bigint, free_tax_sales_amount),
        invoice_number = NULL, invoice_datetime = NULL
      WHERE feed_till = p_till AND order_no = e.order_no;
      IF p->'changes' ? 'payments' THEN
        PERFORM hq.set_sale_payments(p_till, e.order_no, p#>'{changes,payments}');
      END IF;
    WHEN 'tx.issued' THEN
      UPDATE hq.sales SET state = 'issued', updated_at = e.at, invoice_number = p->>'invoiceNumber',
        invoice_datetime = p->>'invoiceDateTime'
      WHERE feed_till = p_till AND order_no = e.order_no;
    WHEN 'tx.rejected' THEN
      UPDATE hq.sales SET state = 'rejected', updated_at = e.at, last_message = p->>'resultMessage'
      WHERE feed_till = p_till AND order_no = e.order_no;
    WHEN 'tx.not-delivered', 'tx.needs-verification', 'tx.recovered' THEN
      UPDATE hq.sales SET state = p->>'state', updated_at = e.at, last_message = p->>'reason'
      WHERE feed_till = p_till AND order_no = e.order_no;
    WHEN 'tx.resolved' THEN
      UPDATE hq.sales SET state = p->>'state', updated_at = e.at, invoice_number = p->>'invoiceNumber',
        last_message = coalesce(p->>'note', last_message)
      WHERE feed_till = p_till AND order_no = e.order_no;
    WHEN 'return.begun' THEN
      INSERT INTO hq.returns (feed_till, return_id, order_no, invoice_number, kind, state, till_id, business_day,
        training, by_name, attempt, total_amount, sales_amount, tax_amount, allowance_number, created_at, updated_at)
      VALUES (p_till, (p->>'returnId')::bigint, e.order_no, p->>'invoiceNumber', p->>'kind',
        coalesce(p->>'state', 'in-flight'), coalesce(p->>'tillId', p_till), (p->>'businessDay')::date,
        coalesce((p->>'training')::boolean, false), p->>'by', coalesce((p->>'attempt')::integer, 1),
        coalesce((p#>>'{totals,totalAmount}')::bigint, 0), coalesce((p#>>'{totals,salesAmount}')::bigint, 0),
        coalesce((p#>>'{totals,taxAmount}')::bigint, 0), p->>'allowanceNumber', e.at, e.at)
      ON CONFLICT (feed_till, return_id) DO NOTHING;
      INSERT INTO hq.return_refunds (feed_till, return_id, seq, method, amount)
        SELECT p_till, (p->>'returnId')::bigint, r.n, coalesce(r.pair->>0, 'unknown'), coalesce((r.pair->>1)::bigint, 0)
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p->'refunds') = 'array' THEN p->'refunds' ELSE '[]'::jsonb END)
          WITH ORDINALITY AS r(pair, n)
      ON CONFLICT DO NOTHING;
    WHEN 'return.done', 'return.resolved' THEN
      UPDATE hq.returns SET state = p->>'state', updated_at = e.at,
        allowance_number = coalesce(p->>'allowanceNumber', allowance_number),
        last_message = coalesce(p->>'resultMessage', p->>'note', last_message)
      WHERE feed_till = p_till AND return_id = (p->>'returnId')::bigint;
    WHEN 'return.rejected' THEN
      UPDATE hq.returns SET state = 'rejected', updated_at = e.at, last_message = p->>'resultMessage'
      WHERE feed_till = p_till AND return_id = (p->>'returnId')::bigint;
    WHEN 'return.not-delivered', 'return.needs-verification', 'return.recovered' THEN
      UPDATE hq.returns SET state = p->>'state', updated_at = e.at, last_message = p->>'reason'
      WHERE feed_till = p_till AND return_id = (p->>'returnId')::bigint;
    WHEN 'return.resent' THEN
      UPDATE hq.returns SET state = p->>'state', updated_at = e.at,
        attempt = coalesce((p->>'attempt')::integer, attempt + 1)
      WHERE feed_till = p_till AND return_id = (p->>'returnId')::bigint;
    WHEN 'reconciliation.run' THEN
      INSERT INTO hq.reconciliation_runs (feed_till, entry_id, at, trigger, business_days, checked, complete,
        counts, tills)
      VALUES (p_till, e.id, e.at, p->>'trigger', p->'businessDays', (p->>'checked')::bigint,
        (p->>'complete')::boolean, p->'counts', p->'tills')
      ON CONFLICT DO NOTHING;
    ELSE
      NULL; -- an entry kind this head office does not report on: kept in hq.entries only
    END CASE;
  END LOOP;
END $$;

CREATE FUNCTION hq.set_sale_payments(p_till text, p_order_no text, p_payments jsonb)
RETURNS void LANGUAGE sql SET enable_seqscan = off AS $$
  DELETE FROM hq.sale_payments WHERE feed_till = p_till AND order_no = p_order_no;
  INSERT INTO hq.sale_payments (feed_till, order_no, seq, method, amount)
    SELECT p_till, p_order_no, x.n, coalesce(x.payment->>'method', 'unknown'), coalesce((x.payment->>'amount')::bigint, 0)
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p_payments) = 'array' THEN p_payments ELSE '[]'::jsonb END)
      WITH ORDINALITY AS x(payment, n);
$$;

-- ---------------------------------------------------------------- what a till may call

-- The till's first call of every sync: its company, store, till id, machine and chain key. Answers
-- where head office stopped (the till sends from there), or why it refuses; a refusal changes
-- nothing. A store change is taken (a till moved) and recorded.
CREATE FUNCTION hq.register(p_company text, p_store text, p_till text, p_install text,
  p_keyed_from bigint, p_key bytea)
RETURNS jsonb LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET enable_seqscan = off AS $$
DECLARE
  v_company text;
  v_till hq.tills%ROWTYPE;
  v_key hq.till_keys%ROWTYPE;
  v_head_id bigint := 0;
  v_head_hash text := repeat('0', 64);
  v_pads record;
BEGIN
  SELECT company_id INTO v_company FROM hq.meta WHERE id = 1;
  IF v_company IS DISTINCT FROM p_company THEN
    RETURN jsonb_build_object('status', 'other-company', 'company', v_company);
  END IF;
  IF p_store !~ '^[A-Za-z0-9_-]{1,32}$' OR p_till !~ '^[A-Z0-9]{1,12}$'
     OR p_install !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     OR (p_key IS NULL) <> (p_keyed_from IS NULL) OR length(p_key) <> 32 OR p_keyed_from < 1 THEN
    RETURN jsonb_build_object('status', 'bad-input');
  END IF;

  SELECT * INTO v_till FROM hq.tills WHERE till_id = p_till FOR UPDATE;
  IF NOT FOUND THEN
    -- Two machines claiming a new till id at once: one insert wins, the other finds its row.
    INSERT INTO hq.stores (store_id, company_id) VALUES (p_store, p_company) ON CONFLICT DO NOTHING;
    INSERT INTO hq.tills (till_id, store_id, install_id, last_seen_at) VALUES (p_till, p_store, p_install, now())
      ON CONFLICT DO NOTHING;
    IF FOUND THEN
      INSERT INTO hq.till_events (till_id, event, detail)
        VALUES (p_till, 'registered', jsonb_build_object('store', p_store, 'install', p_install));
    END IF;
    SELECT * INTO v_till FROM hq.tills WHERE till_id = p_till FOR UPDATE;
  END IF;
  IF v_till.install_id <> p_install THEN
    RETURN jsonb_build_object('status', 'other-machine');
  END IF;

  SELECT id, hash INTO v_head_id, v_head_hash FROM hq.entries WHERE till_id = p_till ORDER BY id DESC LIMIT 1;
  IF NOT FOUND THEN
    v_head_id := 0;
    v_head_hash := repeat('0', 64);
  END IF;

  SELECT * INTO v_key FROM hq.till_keys WHERE till_id = p_till;
  IF FOUND THEN
    IF p_key IS NULL THEN
      RETURN jsonb_build_object('status', 'key-missing');
    ELSIF v_key.chain_key <> p_key OR v_key.keyed_from <> p_keyed_from THEN
      RETURN jsonb_build_object('status', 'key-differs');
    END IF;
  ELSIF p_key IS NOT NULL THEN
    -- Entries already accepted as plain SHA-256 cannot be keyed after the fact.
    IF v_head_id >= p_keyed_from THEN
      RETURN jsonb_build_object('status', 'key-differs');
    END IF;
    SELECT * INTO v_pads FROM hq.hmac_pads(p_key);
    INSERT INTO hq.till_keys (till_id, keyed_from, chain_key, key_ipad, key_opad)
      VALUES (p_till, p_keyed_from, p_key, v_pads.ipad, v_pads.opad);
    INSERT INTO hq.till_events (till_id, event, detail)
      VALUES (p_till, 'key-registered', jsonb_build_object('keyedFrom', p_keyed_from));
  END IF;

  IF v_till.store_id <> p_store THEN
    INSERT INTO hq.stores (store_id, company_id) VALUES (p_store, p_company) ON CONFLICT DO NOTHING;
    UPDATE hq.tills SET store_id = p_store WHERE till_id = p_till;
    INSERT INTO hq.till_events (till_id, event, detail)
      VALUES (p_till, 'store-changed', jsonb_build_object('from', v_till.store_id, 'to', p_store));
  END IF;
  UPDATE hq.tills SET last_seen_at = now() WHERE till_id = p_till;

  IF v_till.refused_at IS NOT NULL THEN
    RETURN hq.refusal_of(v_till) || jsonb_build_object('headId', v_head_id, 'headHash', v_head_hash);
  END IF;
  RETURN jsonb_build_object('status', 'ok', 'headId', v_head_id, 'headHash', v_head_hash);
END $$;

-- One batch of a till's entries, in one transaction (the call): entries head office already holds
-- must be the same (a batch sent twice changes nothing); new ones must continue the stored chain
-- from its head, one id after the other, each link and hash (or HMAC) verifying. A break refuses
-- the till; a batch that starts beyond the head ("ahead": the till's idea of the head was stale)
-- changes nothing and says where head office stands.
CREATE FUNCTION hq.ingest(p_till text, p_install text, p_ids bigint[], p_at text[], p_kind text[],
  p_order_no text[], p_payload text[], p_prev_hash text[], p_hash text[])
RETURNS jsonb LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET enable_seqscan = off AS $$
DECLARE
  v_till hq.tills%ROWTYPE;
  v_ipad bytea;
  v_opad bytea;
  v_keyed_from bigint;
  v_head_id bigint := 0;
  v_head_hash text := repeat('0', 64);
  v_n integer := coalesce(array_length(p_ids, 1), 0);
  v_bad record;
  v_added bigint := 0;
BEGIN
  IF v_n > 5000
     OR coalesce(array_length(p_at, 1), 0) <> v_n OR coalesce(array_length(p_kind, 1), 0) <> v_n
     OR coalesce(array_length(p_order_no, 1), 0) <> v_n OR coalesce(array_length(p_payload, 1), 0) <> v_n
     OR coalesce(array_length(p_prev_hash, 1), 0) <> v_n OR coalesce(array_length(p_hash, 1), 0) <> v_n THEN
    RETURN jsonb_build_object('status', 'bad-input');
  END IF;
  -- One writer per till at a time: the row lock orders two replicators of the same till.
  SELECT * INTO v_till FROM hq.tills WHERE till_id = p_till FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'unknown-till');
  ELSIF v_till.install_id <> p_install THEN
    RETURN jsonb_build_object('status', 'other-machine');
  ELSIF v_till.refused_at IS NOT NULL THEN
    RETURN hq.refusal_of(v_till);
  END IF;

  SELECT id, hash INTO v_head_id, v_head_hash FROM hq.entries WHERE till_id = p_till ORDER BY id DESC LIMIT 1;
  IF NOT FOUND THEN
    v_head_id := 0;
    v_head_hash := repeat('0', 64);
  END IF;
  SELECT keyed_from, key_ipad, key_opad INTO v_keyed_from, v_ipad, v_opad FROM hq.till_keys WHERE till_id = p_till;

  -- Sent again: each must be the entry stored under its id. One primary-key look-up per entry
  -- sent again (a scalar subquery, never a join the planner could turn into a scan of the till).
  SELECT x.id INTO v_bad
  FROM (
    SELECT b.id, b.hash, (SELECT e.hash FROM hq.entries e WHERE e.till_id = p_till AND e.id = b.id) AS stored
    FROM unnest(p_ids, p_hash) AS b(id, hash)
    WHERE b.id <= v_head_id
  ) x
  WHERE x.stored IS DISTINCT FROM x.hash
  ORDER BY x.id LIMIT 1;
  IF FOUND THEN
    RETURN hq.refuse_till(p_till, 'differs', v_bad.id,
      format('第 %s 筆紀錄與總部已收到的不同：收銀機的日誌被改寫或換過', v_bad.id),
      format('Entry %s differs from the one head office already holds: the till''s journal was rewritten or replaced', v_bad.id));
  END IF;

  SELECT c.id, c.problem INTO v_bad FROM (
    SELECT b.id,
      CASE
        WHEN b.n = 1 AND b.id > v_head_id + 1 THEN 'ahead'
        WHEN b.id <> v_head_id + b.n THEN 'missing'
        WHEN b.prev_hash IS DISTINCT FROM coalesce(b.before_hash, v_head_hash) THEN 'link'
        WHEN b.hash IS NULL OR NOT hq.entry_fields_ok(b.at, b.kind, b.order_no) OR b.payload IS NULL THEN 'malformed'
        WHEN b.hash <> hq.link_hash(
               CASE WHEN v_keyed_from IS NOT NULL AND b.id >= v_keyed_from THEN v_ipad END, v_opad,
               b.prev_hash, hq.entry_text(b.id, b.at, b.kind, b.order_no, b.payload)) THEN 'hash'
      END AS problem
    FROM (
      SELECT u.*, row_number() OVER (ORDER BY u.id) AS n, lag(u.hash) OVER (ORDER BY u.id) AS before_hash
      FROM unnest(p_ids, p_at, p_kind, p_order_no, p_payload, p_prev_hash, p_hash)
        AS u(id, at, kind, order_no, payload, prev_hash, hash)
      WHERE u.id > v_head_id
    ) b
  ) c
  WHERE c.problem IS NOT NULL
  ORDER BY c.id LIMIT 1;
  IF FOUND THEN
    CASE v_bad.problem
    WHEN 'ahead' THEN
      RETURN jsonb_build_object('status', 'ahead', 'headId', v_head_id, 'headHash', v_head_hash);
    WHEN 'missing' THEN
      RETURN hq.refuse_till(p_till, 'missing', v_bad.id,
        format('第 %s 筆之前的紀錄不見了：收銀機的日誌有紀錄被刪除', v_bad.id),
        format('The entry before entry %s is missing: entries were removed from the till''s journal', v_bad.id));
    WHEN 'link' THEN
      RETURN hq.refuse_till(p_till, 'link', v_bad.id,
        format('第 %s 筆紀錄的前一筆雜湊不符：日誌鏈在此斷裂', v_bad.id),
        format('Entry %s: its previous hash does not match; the chain breaks there', v_bad.id));
    WHEN 'malformed' THEN
      RETURN hq.refuse_till(p_till, 'malformed', v_bad.id,
        format('第 %s 筆紀錄格式不正確', v_bad.id),
        format('Entry %s is malformed', v_bad.id));
    ELSE
      RETURN hq.refuse_till(p_till, 'hash', v_bad.id,
        format('第 %s 筆紀錄的雜湊不符：紀錄已被修改（或金鑰不對）', v_bad.id),
        format('Entry %s does not verify: it was modified (or the key is wrong)', v_bad.id));
    END CASE;
  END IF;

  BEGIN
    INSERT INTO hq.entries (till_id, id, at, kind, order_no, payload_text, payload, prev_hash, hash)
    SELECT p_till, u.id, u.at, u.kind, u.order_no, u.payload, u.payload::jsonb, u.prev_hash, u.hash
    FROM unnest(p_ids, p_at, p_kind, p_order_no, p_payload, p_prev_hash, p_hash)
      AS u(id, at, kind, order_no, payload, prev_hash, hash)
    WHERE u.id > v_head_id
    ON CONFLICT DO NOTHING;
  EXCEPTION WHEN invalid_text_representation OR untranslatable_character OR character_not_in_repertoire THEN
    -- A payload jsonb cannot hold (\u0000, say): kept as text, and its queryable copy left null.
    INSERT INTO hq.entries (till_id, id, at, kind, order_no, payload_text, payload, prev_hash, hash)
    SELECT p_till, u.id, u.at, u.kind, u.order_no, u.payload, hq.jsonb_or_null(u.payload), u.prev_hash, u.hash
    FROM unnest(p_ids, p_at, p_kind, p_order_no, p_payload, p_prev_hash, p_hash)
      AS u(id, at, kind, order_no, payload, prev_hash, hash)
    WHERE u.id > v_head_id
    ON CONFLICT DO NOTHING;
  END;
  GET DIAGNOSTICS v_added = ROW_COUNT;
  IF v_added > 0 THEN
    PERFORM hq.apply_entries(p_till, v_head_id + 1, v_head_id + v_added);
    UPDATE hq.tills SET last_seen_at = now(), last_entry_at = now() WHERE till_id = p_till;
    SELECT id, hash INTO v_head_id, v_head_hash FROM hq.entries WHERE till_id = p_till ORDER BY id DESC LIMIT 1;
  END IF;
  RETURN jsonb_build_object('status', 'ok', 'added', v_added, 'headId', v_head_id, 'headHash', v_head_hash);
END $$;

-- ---------------------------------------------------------------- reporting views

-- Per store, till, cashier, business day and training flag: the till summary's sales figures
-- (summary.ts): every transaction, issued ones apart, 待確認 ones counted.
CREATE VIEW hq.v_day_sales AS
SELECT t.store_id, s.till_id, coalesce(s.cashier, '') AS cashier, s.business_day, s.training,
  count(*) AS transactions,
  sum(s.total_amount) AS total_amount,
  count(*) FILTER (WHERE s.state = 'issued') AS issued_count,
  coalesce(sum(s.total_amount) FILTER (WHERE s.state = 'issued'), 0) AS issued_amount,
  coalesce(sum(s.tax_amount) FILTER (WHERE s.state = 'issued'), 0) AS issued_tax,
  count(*) FILTER (WHERE s.state = 'needs-verification') AS pending_count,
  coalesce(sum(s.total_amount) FILTER (WHERE s.state = 'needs-verification'), 0) AS pending_amount
FROM hq.sales s JOIN hq.tills t ON t.till_id = s.feed_till
GROUP BY t.store_id, s.till_id, coalesce(s.cashier, ''), s.business_day, s.training;

-- Returns of the day (the day the return was made, at the till that made it; "cashier" is who did
-- it): done ones in the figures, unsettled ones apart; an allowance void counts back in.
CREATE VIEW hq.v_day_returns AS
SELECT t.store_id, r.till_id, coalesce(r.by_name, '') AS cashier, r.business_day, r.training,
  count(*) FILTER (WHERE r.state = 'done' AND r.kind = 'void') AS voids_count,
  coalesce(sum(r.total_amount) FILTER (WHERE r.state = 'done' AND r.kind = 'void'), 0) AS voids_amount,
  count(*) FILTER (WHERE r.state = 'done' AND r.kind = 'allowance') AS allowances_count,
  coalesce(sum(r.total_amount) FILTER (WHERE r.state = 'done' AND r.kind = 'allowance'), 0) AS allowances_amount,
  count(*) FILTER (WHERE r.state = 'done' AND r.kind = 'allowance-void') AS allowance_voids_count,
  coalesce(sum(r.total_amount) FILTER (WHERE r.state = 'done' AND r.kind = 'allowance-void'), 0) AS allowance_voids_amount,
  coalesce(sum(CASE WHEN r.kind = 'allowance-void' THEN -r.total_amount ELSE r.total_amount END)
    FILTER (WHERE r.state = 'done'), 0) AS returns_amount,
  coalesce(sum(CASE WHEN r.kind = 'allowance-void' THEN -r.tax_amount ELSE r.tax_amount END)
    FILTER (WHERE r.state = 'done'), 0) AS returns_tax,
  count(*) FILTER (WHERE r.state IN ('in-flight', 'needs-verification')) AS pending_count,
  coalesce(sum(r.total_amount) FILTER (WHERE r.state IN ('in-flight', 'needs-verification')), 0) AS pending_amount
FROM hq.returns r JOIN hq.tills t ON t.till_id = r.feed_till
GROUP BY t.store_id, r.till_id, coalesce(r.by_name, ''), r.business_day, r.training;

-- Sales, returns and net (amount and tax) per store, till, cashier and day. A UNION ALL summed
-- again, not a FULL JOIN: a filter on the keys (one day, one store) then reaches the tables'
-- indexes instead of being applied after every day was summed.
CREATE VIEW hq.v_day_report AS
SELECT store_id, till_id, cashier, business_day, training,
  sum(transactions) AS transactions,
  sum(sales_count) AS sales_count,
  sum(sales_amount) AS sales_amount,
  sum(sales_tax) AS sales_tax,
  sum(returns_count) AS returns_count,
  sum(returns_amount) AS returns_amount,
  sum(returns_tax) AS returns_tax,
  sum(sales_amount) - sum(returns_amount) AS net_amount,
  sum(sales_tax) - sum(returns_tax) AS net_tax,
  sum(pending_sales) AS pending_sales,
  sum(pending_returns) AS pending_returns
FROM (
  SELECT store_id, till_id, cashier, business_day, training, transactions,
    issued_count AS sales_count, issued_amount AS sales_amount, issued_tax AS sales_tax,
    0::bigint AS returns_count, 0::numeric AS returns_amount, 0::numeric AS returns_tax,
    pending_count AS pending_sales, 0::bigint AS pending_returns
  FROM hq.v_day_sales
  UNION ALL
  SELECT store_id, till_id, cashier, business_day, training, 0, 0, 0, 0,
    voids_count + allowances_count + allowance_voids_count, returns_amount, returns_tax, 0, pending_count
  FROM hq.v_day_returns
) x
GROUP BY store_id, till_id, cashier, business_day, training;

-- Money per payment method: taken (every transaction's payments, as the till summary counts
-- them), refunded (done voids and allowances; an allowance void's money taken back counts
-- negative) and net.
CREATE VIEW hq.v_day_payments AS
SELECT store_id, till_id, cashier, business_day, training, method,
  sum(taken_count) AS taken_count, sum(taken_amount) AS taken_amount,
  sum(refund_count) AS refund_count, sum(refund_amount) AS refund_amount,
  sum(taken_amount) - sum(refund_amount) AS net_amount
FROM (
  SELECT t.store_id, s.till_id, coalesce(s.cashier, '') AS cashier, s.business_day, s.training, p.method,
    count(DISTINCT (p.feed_till, p.order_no)) AS taken_count, sum(p.amount) AS taken_amount,
    0::bigint AS refund_count, 0::numeric AS refund_amount
  FROM hq.sale_payments p
  JOIN hq.sales s ON s.feed_till = p.feed_till AND s.order_no = p.order_no
  JOIN hq.tills t ON t.till_id = s.feed_till
  GROUP BY 1, 2, 3, 4, 5, 6
  UNION ALL
  SELECT t.store_id, r.till_id, coalesce(r.by_name, ''), r.business_day, r.training, f.method,
    0, 0, count(*), sum(CASE WHEN r.kind = 'allowance-void' THEN -f.amount ELSE f.amount END)
  FROM hq.return_refunds f
  JOIN hq.returns r ON r.feed_till = f.feed_till AND r.return_id = f.return_id
  JOIN hq.tills t ON t.till_id = r.feed_till
  WHERE r.state = 'done'
  GROUP BY 1, 2, 3, 4, 5, 6
) x
GROUP BY store_id, till_id, cashier, business_day, training, method;

-- 待確認 across the chain: each sale and return whose latest state (from its entries) needs
-- verification, oldest first.
CREATE VIEW hq.v_pending AS
SELECT t.store_id, s.till_id, 'sale'::text AS what, s.order_no, NULL::bigint AS return_id, s.business_day,
  s.training, s.total_amount, s.created_at, s.updated_at AS since, s.last_message
FROM hq.sales s JOIN hq.tills t ON t.till_id = s.feed_till
WHERE s.state = 'needs-verification'
UNION ALL
SELECT t.store_id, r.till_id, r.kind, r.order_no, r.return_id, r.business_day, r.training, r.total_amount,
  r.created_at, r.updated_at, r.last_message
FROM hq.returns r JOIN hq.tills t ON t.till_id = r.feed_till
WHERE r.state = 'needs-verification';

-- Late uploads: what each till's latest reconciliation run found (kind reconciliation.run; the
-- journal keeps a run's figures, not its invoices). Empty until tills record runs.
CREATE VIEW hq.v_late_uploads AS
SELECT DISTINCT ON (r.feed_till) t.store_id, r.feed_till AS till_id, r.at AS checked_at, r.trigger,
  r.business_days, r.complete, r.checked,
  coalesce((r.counts->>'upload-late')::bigint, 0) AS uploads_late,
  coalesce((r.counts->>'upload-at-risk')::bigint, 0) AS uploads_at_risk,
  coalesce((r.counts->>'upload-suspended')::bigint, 0) AS uploads_suspended,
  r.counts
FROM hq.reconciliation_runs r JOIN hq.tills t ON t.till_id = r.feed_till
ORDER BY r.feed_till, r.entry_id DESC;

-- The cash each till's drawer should hold per day from its sales and returns (cash taken − cash
-- refunded: the till summary's expectedCash; no float, no paid-in/out).
CREATE VIEW hq.v_day_cash AS
SELECT store_id, till_id, business_day, training, sum(net_amount) AS expected_cash
FROM hq.v_day_payments
WHERE method = 'cash'
GROUP BY store_id, till_id, business_day, training;

-- Cash over/short per shift: each closed shift's blind count against what its drawer should have
-- held (float + net cash + paid-in − paid-out), as the till recorded it when the shift closed
-- (kind shift.closed, src/main/journal/shift-entries.ts; issue 14). Read from the entries
-- themselves, as the till does: nothing is derived from shift entries.
CREATE INDEX entries_shift_closed ON hq.entries (till_id, id) WHERE kind = 'shift.closed';
CREATE VIEW hq.v_cash_over_short AS
SELECT t.store_id, coalesce(e.payload->>'tillId', e.till_id) AS till_id,
  (e.payload->>'businessDay')::date AS business_day, coalesce((e.payload->>'training')::boolean, false) AS training,
  (e.payload->>'number')::integer AS shift, e.payload->>'cashierId' AS cashier_id, e.payload->>'name' AS cashier,
  e.at AS closed_at,
  (e.payload->>'expectedCash')::bigint AS expected_cash,
  (e.payload->>'countedCash')::bigint AS counted_cash,
  (e.payload->>'cashOverShort')::bigint AS over_short
FROM hq.entries e JOIN hq.tills t ON t.till_id = e.till_id
WHERE e.kind = 'shift.closed' AND e.payload IS NOT NULL;

-- The closing screen's store view: the figures of the calling till's store for one day (its
-- tills, every cashier summed), what is pending, and which tills are behind or refused.
CREATE FUNCTION hq.store_day(p_till text, p_install text, p_day date)
RETURNS jsonb LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_till hq.tills%ROWTYPE;
BEGIN
  SELECT * INTO v_till FROM hq.tills WHERE till_id = p_till;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'unknown-till');
  ELSIF v_till.install_id <> p_install THEN
    RETURN jsonb_build_object('status', 'other-machine');
  END IF;
  RETURN jsonb_build_object(
    'status', 'ok',
    'storeId', v_till.store_id,
    'tills', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'tillId', r.till_id, 'training', r.training, 'transactions', r.transactions,
        'salesCount', r.sales_count, 'salesAmount', r.sales_amount, 'salesTax', r.sales_tax,
        'returnsCount', r.returns_count, 'returnsAmount', r.returns_amount, 'returnsTax', r.returns_tax,
        'netAmount', r.net_amount, 'netTax', r.net_tax, 'pendingSales', r.pending_sales,
        'pendingReturns', r.pending_returns) ORDER BY r.till_id, r.training)
      FROM (
        SELECT till_id, training, sum(transactions) AS transactions, sum(sales_count) AS sales_count,
          sum(sales_amount) AS sales_amount, sum(sales_tax) AS sales_tax, sum(returns_count) AS returns_count,
          sum(returns_amount) AS returns_amount, sum(returns_tax) AS returns_tax, sum(net_amount) AS net_amount,
          sum(net_tax) AS net_tax, sum(pending_sales) AS pending_sales, sum(pending_returns) AS pending_returns
        FROM hq.v_day_report
        WHERE store_id = v_till.store_id AND business_day = p_day
        GROUP BY till_id, training
      ) r), '[]'::jsonb),
    'payments', coalesce((
      SELECT jsonb_agg(jsonb_build_object('tillId', p.till_id, 'training', p.training, 'method', p.method,
        'taken', p.taken, 'refunded', p.refunded, 'net', p.net) ORDER BY p.till_id, p.training, p.method)
      FROM (
        SELECT till_id, training, method, sum(taken_amount) AS taken, sum(refund_amount) AS refunded,
          sum(net_amount) AS net
        FROM hq.v_day_payments
        WHERE store_id = v_till.store_id AND business_day = p_day
        GROUP BY till_id, training, method
      ) p), '[]'::jsonb),
    'feeds', coalesce((
      SELECT jsonb_agg(jsonb_build_object('tillId', t.till_id, 'refused', t.refused_at IS NOT NULL,
        'lastEntryAt', t.last_entry_at, 'headId', (SELECT max(id) FROM hq.entries e WHERE e.till_id = t.till_id))
        ORDER BY t.till_id)
      FROM hq.tills t WHERE t.store_id = v_till.store_id), '[]'::jsonb));
END $$;

-- What a till's role needs, and nothing more: run as the owner, e.g.
--   CREATE ROLE till_feed LOGIN PASSWORD '…'; SELECT hq.grant_till_role('till_feed');
CREATE FUNCTION hq.grant_till_role(p_role text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA hq TO %I', p_role);
  EXECUTE format('GRANT EXECUTE ON FUNCTION hq.register(text, text, text, text, bigint, bytea) TO %I', p_role);
  EXECUTE format('GRANT EXECUTE ON FUNCTION hq.ingest(text, text, bigint[], text[], text[], text[], text[], text[], text[]) TO %I', p_role);
  EXECUTE format('GRANT EXECUTE ON FUNCTION hq.store_day(text, text, date) TO %I', p_role);
END $$;

-- Functions are executable by PUBLIC by default: here only by the owner and granted roles.
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA hq FROM PUBLIC;
`;

/**
 * Step 2 (issue 22, items 8-10):
 *
 * - Who a row belongs to comes from the registration, never from the payload: `hq.ingest` is
 *   called for the till the login registered (till id + install id), and every derived row's till,
 *   store and company are that registration's (`apply_entries` no longer reads `tillId` or
 *   `companyId` from the entries). A login that registers a till of its own and sends a chain whose
 *   entries say `tillId: "T09"` adds rows to its own till, never to T09's. Rows derived before are
 *   put right here.
 * - A registration stays in its store: `hq.register` naming another store is refused
 *   (`other-store`, recorded as an event) and only the owner moves a till (`hq move`); so a till
 *   reads only its own store's view (`hq.store_day`).
 * - The tax of a day is the till's own closing rule (journal/summary.ts), in SQL: the invoices that
 *   stand (a done void takes one out, whatever its day); a business (B) invoice's tax as charged, a
 *   consumer (C) invoice's inside its total, taken out of the till's day's C sum once
 *   (`hq.included_tax`) and shared over the cashiers in proportion (largest remainder, as
 *   allocateNtd), so cashier rows add up to the till's figure; returns' tax is the allowances'
 *   (an allowance void counts back), since a voided invoice is already out of the sales' tax.
 * - A refused claim leaves a trace: `hq.claims`, one open row per PC claiming a till id that
 *   another PC owns (first and last time, attempts, the claimant's last journal entry), shown by
 *   `hq status` until the owner resolves it (`hq resolve-claim`). The register call carries the
 *   claimant's last entry (a new overload; the six-argument one stays for older tills).
 */
const STEP_2 = String.raw`
-- ---------------------------------------------------------------- rows from the registration

CREATE OR REPLACE FUNCTION hq.apply_entries(p_till text, p_first bigint, p_last bigint)
RETURNS void LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  e record;
  p jsonb;
  -- The registration's company (one per head office, through the till's store): the payload's
  -- companyId and tillId are the sender's words, not facts.
  v_company text := (SELECT st.company_id FROM hq.tills t JOIN hq.stores st ON st.store_id = t.store_id
                     WHERE t.till_id = p_till);
BEGIN
  FOR e IN SELECT id, at, kind, order_no, payload FROM hq.entries
           WHERE till_id = p_till AND id BETWEEN p_first AND p_last
             AND payload IS NOT NULL
             AND (kind LIKE 'tx.%' OR kind LIKE 'return.%' OR kind = 'reconciliation.run')
             AND kind NOT IN ('tx.exchange', 'tx.qr-display', 'return.exchange')
           ORDER BY id
  LOOP
    p := e.payload;
    CASE e.kind
    WHEN 'tx.begun' THEN
      INSERT INTO hq.sales AS s (feed_till, order_no, till_id, company_id, business_day, training, cashier,
        operation, invoice_kind, state, attempt, total_amount, sales_amount, tax_amount,
        zero_tax_sales_amount, free_tax_sales_amount, created_at, updated_at)
      VALUES (p_till, e.order_no, p_till, v_company, (p->>'businessDay')::date,
        coalesce((p->>'training')::boolean, false), p->>'cashier', p->>'operation', p#>>'{invoice,kind}',
        coalesce(p->>'state', 'in-flight'), coalesce((p->>'attempt')::integer, 1),
        coalesce((p#>>'{totals,totalAmount}')::bigint, 0), coalesce((p#>>'{totals,salesAmount}')::bigint, 0),
        coalesce((p#>>'{totals,taxAmount}')::bigint, 0), coalesce((p#>>'{totals,zeroTaxSalesAmount}')::bigint, 0),
        coalesce((p#>>'{totals,freeTaxSalesAmount}')::bigint, 0), e.at, e.at)
      ON CONFLICT (feed_till, order_no) DO NOTHING;
      PERFORM hq.set_sale_payments(p_till, e.order_no, p->'payments');
    WHEN 'tx.resubmitted' THEN
      UPDATE hq.sales SET state = 'in-flight', updated_at = e.at,
        attempt = coalesce((p->>'attempt')::integer, attempt + 1),
        operation = coalesce(p#>>'{changes,operation}', operation),
        invoice_kind = coalesce(p#>>'{changes,invoice,kind}', invoice_kind),
        total_amount = coalesce((p#>>'{changes,totals,totalAmount}')::bigint, total_amount),
        sales_amount = coalesce((p#>>'{changes,totals,salesAmount}')::bigint, sales_amount),
        tax_amount = coalesce((p#>>'{changes,totals,taxAmount}')::bigint, tax_amount),
        zero_tax_sales_amount = coalesce((p#>>'{changes,totals,zeroTaxSalesAmount}')::bigint, zero_tax_sales_amount),
        free_tax_sales_amount = coalesce((p#>>'{changes,totals,freeTaxSalesAmount}')::bigint, free_tax_sales_amount),
        invoice_number = NULL, invoice_datetime = NULL
      WHERE feed_till = p_till AND order_no = e.order_no;
      IF p->'changes' ? 'payments' THEN
        PERFORM hq.set_sale_payments(p_till, e.order_no, p#>'{changes,payments}');
      END IF;
    WHEN 'tx.issued' THEN
      UPDATE hq.sales SET state = 'issued', updated_at = e.at, invoice_number = p->>'invoiceNumber',
        invoice_datetime = p->>'invoiceDateTime'
      WHERE feed_till = p_till AND order_no = e.order_no;
    WHEN 'tx.rejected' THEN
      UPDATE hq.sales SET state = 'rejected', updated_at = e.at, last_message = p->>'resultMessage'
      WHERE feed_till = p_till AND order_no = e.order_no;
    WHEN 'tx.not-delivered', 'tx.needs-verification', 'tx.recovered' THEN
      UPDATE hq.sales SET state = p->>'state', updated_at = e.at, last_message = p->>'reason'
      WHERE feed_till = p_till AND order_no = e.order_no;
    WHEN 'tx.resolved' THEN
      UPDATE hq.sales SET state = p->>'state', updated_at = e.at, invoice_number = p->>'invoiceNumber',
        last_message = coalesce(p->>'note', last_message)
      WHERE feed_till = p_till AND order_no = e.order_no;
    WHEN 'return.begun' THEN
      INSERT INTO hq.returns (feed_till, return_id, order_no, invoice_number, kind, state, till_id, business_day,
        training, by_name, attempt, total_amount, sales_amount, tax_amount, allowance_number, created_at, updated_at)
      VALUES (p_till, (p->>'returnId')::bigint, e.order_no, p->>'invoiceNumber', p->>'kind',
        coalesce(p->>'state', 'in-flight'), p_till, (p->>'businessDay')::date,
        coalesce((p->>'training')::boolean, false), p->>'by', coalesce((p->>'attempt')::integer, 1),
        coalesce((p#>>'{totals,totalAmount}')::bigint, 0), coalesce((p#>>'{totals,salesAmount}')::bigint, 0),
        coalesce((p#>>'{totals,taxAmount}')::bigint, 0), p->>'allowanceNumber', e.at, e.at)
      ON CONFLICT (feed_till, return_id) DO NOTHING;
      INSERT INTO hq.return_refunds (feed_till, return_id, seq, method, amount)
        SELECT p_till, (p->>'returnId')::bigint, r.n, coalesce(r.pair->>0, 'unknown'), coalesce((r.pair->>1)::bigint, 0)
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p->'refunds') = 'array' THEN p->'refunds' ELSE '[]'::jsonb END)
          WITH ORDINALITY AS r(pair, n)
      ON CONFLICT DO NOTHING;
    WHEN 'return.done', 'return.resolved' THEN
      UPDATE hq.returns SET state = p->>'state', updated_at = e.at,
        allowance_number = coalesce(p->>'allowanceNumber', allowance_number),
        last_message = coalesce(p->>'resultMessage', p->>'note', last_message)
      WHERE feed_till = p_till AND return_id = (p->>'returnId')::bigint;
    WHEN 'return.rejected' THEN
      UPDATE hq.returns SET state = 'rejected', updated_at = e.at, last_message = p->>'resultMessage'
      WHERE feed_till = p_till AND return_id = (p->>'returnId')::bigint;
    WHEN 'return.not-delivered', 'return.needs-verification', 'return.recovered' THEN
      UPDATE hq.returns SET state = p->>'state', updated_at = e.at, last_message = p->>'reason'
      WHERE feed_till = p_till AND return_id = (p->>'returnId')::bigint;
    WHEN 'return.resent' THEN
      UPDATE hq.returns SET state = p->>'state', updated_at = e.at,
        attempt = coalesce((p->>'attempt')::integer, attempt + 1)
      WHERE feed_till = p_till AND return_id = (p->>'returnId')::bigint;
    WHEN 'reconciliation.run' THEN
      INSERT INTO hq.reconciliation_runs (feed_till, entry_id, at, trigger, business_days, checked, complete,
        counts, tills)
      VALUES (p_till, e.id, e.at, p->>'trigger', p->'businessDays', (p->>'checked')::bigint,
        (p->>'complete')::boolean, p->'counts', p->'tills')
      ON CONFLICT DO NOTHING;
    ELSE
      NULL; -- an entry kind this head office does not report on: kept in hq.entries only
    END CASE;
  END LOOP;
END $$;

-- Rows derived before this step took the payload's word: they are the registered till's.
UPDATE hq.sales s SET till_id = s.feed_till,
  company_id = (SELECT st.company_id FROM hq.tills t JOIN hq.stores st ON st.store_id = t.store_id
                WHERE t.till_id = s.feed_till)
WHERE s.till_id IS DISTINCT FROM s.feed_till OR s.company_id IS DISTINCT FROM
  (SELECT st.company_id FROM hq.tills t JOIN hq.stores st ON st.store_id = t.store_id WHERE t.till_id = s.feed_till);
UPDATE hq.returns SET till_id = feed_till WHERE till_id IS DISTINCT FROM feed_till;

-- A shift's close is the registered till's too.
CREATE OR REPLACE VIEW hq.v_cash_over_short AS
SELECT t.store_id, e.till_id AS till_id,
  (e.payload->>'businessDay')::date AS business_day, coalesce((e.payload->>'training')::boolean, false) AS training,
  (e.payload->>'number')::integer AS shift, e.payload->>'cashierId' AS cashier_id, e.payload->>'name' AS cashier,
  e.at AS closed_at,
  (e.payload->>'expectedCash')::bigint AS expected_cash,
  (e.payload->>'countedCash')::bigint AS counted_cash,
  (e.payload->>'cashOverShort')::bigint AS over_short
FROM hq.entries e JOIN hq.tills t ON t.till_id = e.till_id
WHERE e.kind = 'shift.closed' AND e.payload IS NOT NULL;

-- ---------------------------------------------------------------- the tax as the till counts it

-- The tax inside a tax-inclusive amount (src/shared/domain/tax.ts includedTax): amount − round(amount
-- / 1.05). Exact in numeric; amount / 1.05 = 20·amount / 21 never ends in .5, so no tie to break.
CREATE FUNCTION hq.included_tax(p_amount numeric) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_amount - round(p_amount / 1.05)
$$;

DROP VIEW hq.v_day_report;
DROP VIEW hq.v_day_sales;

-- Per store, till, cashier, business day and training flag: the till summary's sales figures
-- (summary.ts): every transaction, issued ones apart, 待確認 ones counted; and what the tax is taken
-- from: the standing invoices' B tax as charged and C taxable totals (tax inside).
CREATE VIEW hq.v_day_sales AS
SELECT t.store_id, s.till_id, coalesce(s.cashier, '') AS cashier, s.business_day, s.training,
  count(*) AS transactions,
  sum(s.total_amount) AS total_amount,
  count(*) FILTER (WHERE s.state = 'issued') AS issued_count,
  coalesce(sum(s.total_amount) FILTER (WHERE s.state = 'issued'), 0) AS issued_amount,
  coalesce(sum(s.tax_amount) FILTER (WHERE s.state = 'issued' AND NOT s.voided AND s.invoice_kind = 'business'), 0)
    AS business_tax,
  coalesce(sum(s.sales_amount) FILTER (WHERE s.state = 'issued' AND NOT s.voided
    AND s.invoice_kind IN ('paper', 'phone', 'carrier', 'donate')), 0) AS consumer_sales,
  count(*) FILTER (WHERE s.state = 'needs-verification') AS pending_count,
  coalesce(sum(s.total_amount) FILTER (WHERE s.state = 'needs-verification'), 0) AS pending_amount
FROM (
  SELECT x.*, EXISTS (SELECT 1 FROM hq.returns r WHERE r.feed_till = x.feed_till AND r.order_no = x.order_no
                        AND r.kind = 'void' AND r.state = 'done') AS voided
  FROM hq.sales x
) s JOIN hq.tills t ON t.till_id = s.feed_till
GROUP BY t.store_id, s.till_id, coalesce(s.cashier, ''), s.business_day, s.training;

-- The sales' tax per cashier row: B as charged, plus that row's share of the C tax of its till's
-- day (the tax inside the day's C sum, shared in proportion to each cashier's C sum, the
-- remainders to the largest fractions, ties to the first cashier by name): whole dollars that add
-- up to the till's figure exactly.
CREATE VIEW hq.v_day_sales_tax AS
SELECT store_id, till_id, cashier, business_day, training, business_tax, consumer_sales, day_consumer_tax,
  business_tax + floor_share + CASE WHEN place <= left_over THEN 1 ELSE 0 END AS sales_tax
FROM (
  SELECT y.*, y.day_consumer_tax - sum(y.floor_share) OVER w AS left_over,
    row_number() OVER (PARTITION BY store_id, till_id, business_day, training ORDER BY y.rest DESC, y.cashier) AS place
  FROM (
    SELECT x.*,
      CASE WHEN x.day_sales > 0 THEN div(x.day_consumer_tax * x.consumer_sales, x.day_sales) ELSE 0 END AS floor_share,
      CASE WHEN x.day_sales > 0 THEN mod(x.day_consumer_tax * x.consumer_sales, x.day_sales) ELSE 0 END AS rest
    FROM (
      SELECT v.store_id, v.till_id, v.cashier, v.business_day, v.training, v.business_tax, v.consumer_sales,
        sum(v.consumer_sales) OVER w AS day_sales,
        hq.included_tax(sum(v.consumer_sales) OVER w) AS day_consumer_tax
      FROM hq.v_day_sales v
      WINDOW w AS (PARTITION BY v.store_id, v.till_id, v.business_day, v.training)
    ) x
  ) y
  WINDOW w AS (PARTITION BY y.store_id, y.till_id, y.business_day, y.training)
) z;

CREATE OR REPLACE VIEW hq.v_day_returns AS
SELECT t.store_id, r.till_id, coalesce(r.by_name, '') AS cashier, r.business_day, r.training,
  count(*) FILTER (WHERE r.state = 'done' AND r.kind = 'void') AS voids_count,
  coalesce(sum(r.total_amount) FILTER (WHERE r.state = 'done' AND r.kind = 'void'), 0) AS voids_amount,
  count(*) FILTER (WHERE r.state = 'done' AND r.kind = 'allowance') AS allowances_count,
  coalesce(sum(r.total_amount) FILTER (WHERE r.state = 'done' AND r.kind = 'allowance'), 0) AS allowances_amount,
  count(*) FILTER (WHERE r.state = 'done' AND r.kind = 'allowance-void') AS allowance_voids_count,
  coalesce(sum(r.total_amount) FILTER (WHERE r.state = 'done' AND r.kind = 'allowance-void'), 0) AS allowance_voids_amount,
  coalesce(sum(CASE WHEN r.kind = 'allowance-void' THEN -r.total_amount ELSE r.total_amount END)
    FILTER (WHERE r.state = 'done'), 0) AS returns_amount,
  -- The allowances' tax (the return's 折讓 line, summary.ts allowanceTax): a void's tax is already
  -- out of the sales' tax, as its invoice no longer stands.
  coalesce(sum(CASE r.kind WHEN 'allowance' THEN r.tax_amount WHEN 'allowance-void' THEN -r.tax_amount ELSE 0 END)
    FILTER (WHERE r.state = 'done'), 0) AS returns_tax,
  count(*) FILTER (WHERE r.state IN ('in-flight', 'needs-verification')) AS pending_count,
  coalesce(sum(r.total_amount) FILTER (WHERE r.state IN ('in-flight', 'needs-verification')), 0) AS pending_amount
FROM hq.returns r JOIN hq.tills t ON t.till_id = r.feed_till
GROUP BY t.store_id, r.till_id, coalesce(r.by_name, ''), r.business_day, r.training;

-- Sales, returns and net per store, till, cashier and day: amounts as before (issued sales, returns
-- of the day); tax as the till's summary counts it (sales_tax = its taxAmount, returns_tax = its
-- allowanceTax, net_tax the difference).
CREATE VIEW hq.v_day_report AS
SELECT store_id, till_id, cashier, business_day, training,
  sum(transactions) AS transactions,
  sum(sales_count) AS sales_count,
  sum(sales_amount) AS sales_amount,
  sum(sales_tax) AS sales_tax,
  sum(returns_count) AS returns_count,
  sum(returns_amount) AS returns_amount,
  sum(returns_tax) AS returns_tax,
  sum(sales_amount) - sum(returns_amount) AS net_amount,
  sum(sales_tax) - sum(returns_tax) AS net_tax,
  sum(pending_sales) AS pending_sales,
  sum(pending_returns) AS pending_returns
FROM (
  SELECT store_id, till_id, cashier, business_day, training, transactions,
    issued_count AS sales_count, issued_amount AS sales_amount, 0::numeric AS sales_tax,
    0::bigint AS returns_count, 0::numeric AS returns_amount, 0::numeric AS returns_tax,
    pending_count AS pending_sales, 0::bigint AS pending_returns
  FROM hq.v_day_sales
  UNION ALL
  SELECT store_id, till_id, cashier, business_day, training, 0, 0, 0, sales_tax, 0, 0, 0, 0, 0
  FROM hq.v_day_sales_tax
  UNION ALL
  SELECT store_id, till_id, cashier, business_day, training, 0, 0, 0, 0,
    voids_count + allowances_count + allowance_voids_count, returns_amount, returns_tax, 0, pending_count
  FROM hq.v_day_returns
) x
GROUP BY store_id, till_id, cashier, business_day, training;

-- ---------------------------------------------------------------- refused claims

-- A PC that claimed a till id another PC owns: one open row per till and PC (a till retries every
-- few seconds), with when it first and last tried, how often, and its own journal's last entry, so
-- the owner can tell which PC it is and what it sold. Resolved by the owner (hq resolve-claim).
CREATE TABLE hq.claims (
  id bigserial PRIMARY KEY,
  till_id text NOT NULL REFERENCES hq.tills (till_id),
  install_id text NOT NULL,
  store_id text,
  first_at timestamptz NOT NULL DEFAULT now(),
  last_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 1,
  head_id bigint,
  head_hash text,
  head_at text,
  resolved_at timestamptz,
  resolved_by text,
  resolution text
);
CREATE UNIQUE INDEX claims_open ON hq.claims (till_id, install_id) WHERE resolved_at IS NULL;

-- Records (or counts again) a refused claim; its last entry only when it is well formed.
CREATE FUNCTION hq.record_claim(p_till text, p_install text, p_store text, p_head jsonb)
RETURNS void LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  v_id bigint := CASE WHEN p_head->>'id' ~ '^[0-9]{1,18}$' THEN (p_head->>'id')::bigint END;
  v_hash text := CASE WHEN p_head->>'hash' ~ '^[0-9a-f]{64}$' THEN p_head->>'hash' END;
  v_at text := CASE WHEN hq.entry_fields_ok(p_head->>'at', 'x', NULL) THEN p_head->>'at' END;
  v_store text := CASE WHEN p_store ~ '^[A-Za-z0-9_-]{1,32}$' THEN p_store END;
BEGIN
  UPDATE hq.claims SET last_at = now(), attempts = attempts + 1, store_id = v_store,
    head_id = v_id, head_hash = v_hash, head_at = v_at
  WHERE till_id = p_till AND install_id = p_install AND resolved_at IS NULL;
  IF NOT FOUND THEN
    INSERT INTO hq.claims (till_id, install_id, store_id, head_id, head_hash, head_at)
      VALUES (p_till, p_install, v_store, v_id, v_hash, v_at);
    INSERT INTO hq.till_events (till_id, event, detail)
      VALUES (p_till, 'claim-refused', jsonb_build_object('install', p_install, 'store', v_store, 'headId', v_id));
  END IF;
END $$;

-- The till's first call of every sync (step 2): as step 1's, and
-- - another PC's claim of the till id is recorded (hq.claims) with the claimant's last entry
--   (p_head: {"id", "hash", "at"}), then refused;
-- - a till stays in the store it was registered in: another store is refused and recorded; only
--   the owner moves a till (hq move).
CREATE FUNCTION hq.register(p_company text, p_store text, p_till text, p_install text,
  p_keyed_from bigint, p_key bytea, p_head jsonb)
RETURNS jsonb LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET enable_seqscan = off AS $$
DECLARE
  v_company text;
  v_till hq.tills%ROWTYPE;
  v_key hq.till_keys%ROWTYPE;
  v_head_id bigint := 0;
  v_head_hash text := repeat('0', 64);
  v_pads record;
BEGIN
  SELECT company_id INTO v_company FROM hq.meta WHERE id = 1;
  IF v_company IS DISTINCT FROM p_company THEN
    RETURN jsonb_build_object('status', 'other-company', 'company', v_company);
  END IF;
  IF p_store !~ '^[A-Za-z0-9_-]{1,32}$' OR p_till !~ '^[A-Z0-9]{1,12}$'
     OR p_install !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     OR (p_key IS NULL) <> (p_keyed_from IS NULL) OR length(p_key) <> 32 OR p_keyed_from < 1
     OR (p_head IS NOT NULL AND jsonb_typeof(p_head) <> 'object') THEN
    RETURN jsonb_build_object('status', 'bad-input');
  END IF;

  SELECT * INTO v_till FROM hq.tills WHERE till_id = p_till FOR UPDATE;
  IF NOT FOUND THEN
    -- Two machines claiming a new till id at once: one insert wins, the other finds its row.
    INSERT INTO hq.stores (store_id, company_id) VALUES (p_store, p_company) ON CONFLICT DO NOTHING;
    INSERT INTO hq.tills (till_id, store_id, install_id, last_seen_at) VALUES (p_till, p_store, p_install, now())
      ON CONFLICT DO NOTHING;
    IF FOUND THEN
      INSERT INTO hq.till_events (till_id, event, detail)
        VALUES (p_till, 'registered', jsonb_build_object('store', p_store, 'install', p_install));
    END IF;
    SELECT * INTO v_till FROM hq.tills WHERE till_id = p_till FOR UPDATE;
  END IF;
  IF v_till.install_id <> p_install THEN
    PERFORM hq.record_claim(p_till, p_install, p_store, p_head);
    RETURN jsonb_build_object('status', 'other-machine');
  END IF;
  IF v_till.store_id <> p_store THEN
    INSERT INTO hq.till_events (till_id, event, detail)
      VALUES (p_till, 'store-change-refused', jsonb_build_object('store', v_till.store_id, 'asked', p_store));
    RETURN jsonb_build_object('status', 'other-store', 'store', v_till.store_id);
  END IF;

  SELECT id, hash INTO v_head_id, v_head_hash FROM hq.entries WHERE till_id = p_till ORDER BY id DESC LIMIT 1;
  IF NOT FOUND THEN
    v_head_id := 0;
    v_head_hash := repeat('0', 64);
  END IF;

  SELECT * INTO v_key FROM hq.till_keys WHERE till_id = p_till;
  IF FOUND THEN
    IF p_key IS NULL THEN
      RETURN jsonb_build_object('status', 'key-missing');
    ELSIF v_key.chain_key <> p_key OR v_key.keyed_from <> p_keyed_from THEN
      RETURN jsonb_build_object('status', 'key-differs');
    END IF;
  ELSIF p_key IS NOT NULL THEN
    -- Entries already accepted as plain SHA-256 cannot be keyed after the fact.
    IF v_head_id >= p_keyed_from THEN
      RETURN jsonb_build_object('status', 'key-differs');
    END IF;
    SELECT * INTO v_pads FROM hq.hmac_pads(p_key);
    INSERT INTO hq.till_keys (till_id, keyed_from, chain_key, key_ipad, key_opad)
      VALUES (p_till, p_keyed_from, p_key, v_pads.ipad, v_pads.opad);
    INSERT INTO hq.till_events (till_id, event, detail)
      VALUES (p_till, 'key-registered', jsonb_build_object('keyedFrom', p_keyed_from));
  END IF;
  UPDATE hq.tills SET last_seen_at = now() WHERE till_id = p_till;

  IF v_till.refused_at IS NOT NULL THEN
    RETURN hq.refusal_of(v_till) || jsonb_build_object('headId', v_head_id, 'headHash', v_head_hash);
  END IF;
  RETURN jsonb_build_object('status', 'ok', 'headId', v_head_id, 'headHash', v_head_hash);
END $$;

-- Step 1's call, for tills not yet updated: the same rules, without the claimant's last entry.
CREATE OR REPLACE FUNCTION hq.register(p_company text, p_store text, p_till text, p_install text,
  p_keyed_from bigint, p_key bytea)
RETURNS jsonb LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT hq.register(p_company, p_store, p_till, p_install, p_keyed_from, p_key, NULL::jsonb)
$$;

-- What a till's role needs (step 2: the new register too).
CREATE OR REPLACE FUNCTION hq.grant_till_role(p_role text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA hq TO %I', p_role);
  EXECUTE format('GRANT EXECUTE ON FUNCTION hq.register(text, text, text, text, bigint, bytea) TO %I', p_role);
  EXECUTE format('GRANT EXECUTE ON FUNCTION hq.register(text, text, text, text, bigint, bytea, jsonb) TO %I', p_role);
  EXECUTE format('GRANT EXECUTE ON FUNCTION hq.ingest(text, text, bigint[], text[], text[], text[], text[], text[], text[]) TO %I', p_role);
  EXECUTE format('GRANT EXECUTE ON FUNCTION hq.store_day(text, text, date) TO %I', p_role);
END $$;

REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA hq FROM PUBLIC;

-- Roles granted the till's functions before this step get the new register too.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT rolname FROM pg_roles
           WHERE NOT rolsuper AND rolname <> current_user
             AND has_function_privilege(oid, 'hq.ingest(text, text, bigint[], text[], text[], text[], text[], text[], text[])', 'EXECUTE')
  LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION hq.register(text, text, text, text, bigint, bytea, jsonb) TO %I', r.rolname);
  END LOOP;
END $$;
`;

/**
 * Step 3 (issue 28): head office's catalog.
 *
 * - `hq.catalog_items`: one row per code for the chain (scope `*`, every field) and one per code a
 *   store overrides (scope = the store id, only the fields it sets; NULL follows the chain). What
 *   a pair of rows means is `resolveCatalogProduct` (shared/domain/head-office-catalog.ts).
 * - One version for the whole catalog (`hq.catalog_state`): every write that changes anything
 *   takes the next one under the state row's lock, so versions are committed in order and a till
 *   that read version N has seen every row of N and before.
 * - `hq.catalog_changes`: the till's one new function: the rows of its store changed after the
 *   version it names, the version they make, whether its store is centrally managed; it records
 *   the version the till runs (the report of which tills run which version).
 */
const STEP_3 = String.raw`
CREATE TABLE hq.catalog_state (
  id integer PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL CHECK (version >= 0)
);
INSERT INTO hq.catalog_state (id, version) VALUES (1, 0);

CREATE TABLE hq.catalog_items (
  scope text NOT NULL CHECK (scope = '*' OR scope ~ '^[A-Za-z0-9_-]{1,32}$'),
  code text NOT NULL CHECK (code ~ '^[A-Za-z0-9._-]{1,32}$'),
  barcode text CHECK (barcode ~ '^([0-9]{8}|[0-9]{12}|[0-9]{13})?$'),
  name text CHECK (length(name) BETWEEN 1 AND 256),
  category text CHECK (length(category) BETWEEN 1 AND 40),
  price numeric(12, 2) CHECK (price > 0 AND price <= 1000000),
  tax_type text CHECK (tax_type IN ('taxable', 'zero', 'exempt')),
  age_check boolean,
  version bigint NOT NULL CHECK (version >= 1),
  ordinal bigserial,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by text,
  PRIMARY KEY (scope, code),
  CHECK (scope <> '*' OR (barcode IS NOT NULL AND name IS NOT NULL AND category IS NOT NULL
    AND price IS NOT NULL AND tax_type IS NOT NULL AND age_check IS NOT NULL))
);
CREATE INDEX catalog_items_version ON hq.catalog_items (scope, version);

-- Every catalog write: when, who, what, the version it made.
CREATE TABLE hq.catalog_log (
  version bigint PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  by_name text,
  scope text NOT NULL,
  action text NOT NULL,
  detail jsonb
);

ALTER TABLE hq.stores ADD COLUMN catalog_managed boolean NOT NULL DEFAULT false;
ALTER TABLE hq.tills ADD COLUMN catalog_version bigint, ADD COLUMN catalog_reported_at timestamptz;

-- Which tills run which catalog version (hq report --what catalog): the version each till last
-- said it runs, beside the newest.
CREATE VIEW hq.v_catalog_tills AS
SELECT t.store_id, t.till_id, st.catalog_managed AS managed, t.catalog_version, cs.version AS catalog_current,
  coalesce(t.catalog_version = cs.version, false) AS up_to_date, t.catalog_reported_at
FROM hq.tills t JOIN hq.stores st ON st.store_id = t.store_id CROSS JOIN hq.catalog_state cs;

CREATE FUNCTION hq.catalog_fields(i hq.catalog_items) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN i.code IS NULL THEN NULL ELSE jsonb_strip_nulls(jsonb_build_object(
    'barcode', i.barcode, 'name', i.name, 'category', i.category, 'price', i.price,
    'taxType', i.tax_type, 'ageCheck', i.age_check)) END
$$;

CREATE FUNCTION hq.catalog_changes(p_till text, p_install text, p_running bigint, p_since bigint)
RETURNS jsonb LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_till hq.tills%ROWTYPE;
  v_version bigint;
  v_managed boolean;
BEGIN
  SELECT * INTO v_till FROM hq.tills WHERE till_id = p_till;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'unknown-till');
  ELSIF v_till.install_id <> p_install THEN
    RETURN jsonb_build_object('status', 'other-machine');
  ELSIF p_since < 0 OR p_running < 0 THEN
    RETURN jsonb_build_object('status', 'bad-input');
  END IF;
  UPDATE hq.tills SET catalog_version = p_running, catalog_reported_at = now() WHERE till_id = p_till;
  SELECT version INTO v_version FROM hq.catalog_state WHERE id = 1;
  SELECT catalog_managed INTO v_managed FROM hq.stores WHERE store_id = v_till.store_id;
  RETURN jsonb_build_object(
    'status', 'ok',
    'version', v_version,
    'managed', coalesce(v_managed, false),
    'changes', coalesce((
      -- Rows up to the version read above: a write committed meanwhile comes with the next pull.
      SELECT jsonb_agg(jsonb_build_object('code', k.code, 'chain', hq.catalog_fields(c),
        'store', hq.catalog_fields(s)) ORDER BY k.ordinal)
      FROM (SELECT code, min(ordinal) AS ordinal FROM hq.catalog_items
            WHERE scope IN ('*', v_till.store_id) AND version > p_since AND version <= v_version
            GROUP BY code) k
      LEFT JOIN hq.catalog_items c ON c.scope = '*' AND c.code = k.code
      LEFT JOIN hq.catalog_items s ON s.scope = v_till.store_id AND s.code = k.code), '[]'::jsonb));
END $$;

-- What a till's role needs (step 3: the catalog too).
CREATE OR REPLACE FUNCTION hq.grant_till_role(p_role text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA hq TO %I', p_role);
  EXECUTE format('GRANT EXECUTE ON FUNCTION hq.register(text, text, text, text, bigint, bytea) TO %I', p_role);
  EXECUTE format('GRANT EXECUTE ON FUNCTION hq.register(text, text, text, text, bigint, bytea, jsonb) TO %I', p_role);
  EXECUTE format('GRANT EXECUTE ON FUNCTION hq.ingest(text, text, bigint[], text[], text[], text[], text[], text[], text[]) TO %I', p_role);
  EXECUTE format('GRANT EXECUTE ON FUNCTION hq.store_day(text, text, date) TO %I', p_role);
  EXECUTE format('GRANT EXECUTE ON FUNCTION hq.catalog_changes(text, text, bigint, bigint) TO %I', p_role);
END $$;

REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA hq FROM PUBLIC;

-- Roles granted the till's functions before this step get the catalog too.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT rolname FROM pg_roles
           WHERE NOT rolsuper AND rolname <> current_user
             AND has_function_privilege(oid, 'hq.ingest(text, text, bigint[], text[], text[], text[], text[], text[], text[])', 'EXECUTE')
  LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION hq.catalog_changes(text, text, bigint, bigint) TO %I', r.rolname);
  END LOOP;
END $$;
`;

export const HEAD_OFFICE_MIGRATIONS: readonly HeadOfficeMigration[] = [
  {
    version: 1,
    description: 'companies, stores, tills and their keys, entries, derived sales and returns, views',
    up: STEP_1,
  },
  {
    version: 2,
    description:
      "rows from the registration, tills kept in their store, the till summary's tax rule, refused claims",
    up: STEP_2,
  },
  {
    version: 3,
    description: "the catalog: the chain's and stores' products and prices, its version, what tills run",
    up: STEP_3,
  },
];

export const HEAD_OFFICE_SCHEMA_VERSION = HEAD_OFFICE_MIGRATIONS[HEAD_OFFICE_MIGRATIONS.length - 1]!.version;
