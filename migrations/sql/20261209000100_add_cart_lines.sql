-- zoo_add_cart_lines: several adds to carts in ONE statement and ONE commit (the flash sale's group commit).
-- Each call is zoo_add_cart_line (add_cart_line.sql) with the same arguments, run in a block of its own (a
-- subtransaction): a call that fails (sold out, max per order, a seat taken, a removed slot, a deadlock) leaves
-- nothing behind and the others go on. Answers one entry per call, in order: {"ok": <its result>} or
-- {"error": <SQLSTATE>, "message": <the error's message>}.
-- Why: on a hot stock row every add is a lock wait and a WAL flush; N adds in one transaction take the row lock
-- once and flush once. The caller (server/features/stock/addCartLines.ts) sends at most 48 calls (PostgreSQL keeps
-- 64 subtransaction ids per backend in shared memory; past that every snapshot in the cluster gets slower).
-- A call with an `admission` (a waiting room's, carts/routes.ts) spends it first, in the call's block
-- (zoo_spend_admission, waitingRoom/sql): spent with its line, or not at all.
-- Takes the stock of all its adds at the end, one conditional UPDATE per stock row (zoo_take_stock, take_stock.sql;
-- zoo_add_cart_line leaves it to the batch, zoo.defer_stock_take); when they do not all fit, each add again takes its
-- own. The current text: a change comes with a new migration and a frozen
-- copy (migrations/sql; server/test/sqlFunctions.test.ts fails until then).
CREATE OR REPLACE FUNCTION zoo_add_cart_lines(p_calls jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  c jsonb;
  v_out jsonb := '[]'::jsonb;
  v_r jsonb;
  v_take jsonb := '[]'::jsonb;
BEGIN
  -- First the admissions the calls spend (their waiting room places), in id order: a single add spends its admission
  -- before anything else too, so two tabs of one visitor sending one token through two instances wait for each other
  -- here, never across a cart or a stock row.
  PERFORM 1 FROM waiting_room_places
    WHERE (room_id, holder_key) IN (SELECT (x->'admission'->>'roomId')::int, x->'admission'->>'holderKey'
      FROM jsonb_array_elements(p_calls) x WHERE jsonb_typeof(x->'admission') = 'object')
    ORDER BY id FOR UPDATE;
  -- Then the buyers' user rows, FOR KEY SHARE, before their carts (a checkout locks the user, then the cart): a cart
  -- written twice in one transaction has its key to the user checked again on the second write.
  PERFORM 1 FROM users
    WHERE id IN (SELECT (x->>'userId')::int FROM jsonb_array_elements(p_calls) x)
    ORDER BY id FOR KEY SHARE;
  -- Then the carts that exist, in id order, before any stock row: a call further down then never
  -- waits for a cart (a checkout of it, say) while this statement holds the hot stock row, which is the lock order
  -- of every other path (carts, then their lines and holds, then stock rows). A cart made by a call is new.
  PERFORM 1 FROM carts
    WHERE (owner_key, park_id) IN (SELECT x->>'ownerKey', (x->>'parkId')::int FROM jsonb_array_elements(p_calls) x)
    ORDER BY id FOR UPDATE;
  -- Then the catalogue rows the stock rows point at (items, time slots), FOR KEY SHARE, before any stock row. A stock
  -- row updated twice in one transaction has its foreign keys checked again on the second update (the row is our
  -- own new version), so the second add of a batch takes KEY SHARE on its item and slot while this statement holds
  -- the hot stock row; a staff change of the item (items FOR UPDATE, then its stock rows) would deadlock with it.
  -- Taken here, once, they are taken before the stock row, and each add's check finds them held already.
  PERFORM 1 FROM items
    WHERE id IN (SELECT (u->>'itemId')::int FROM jsonb_array_elements(p_calls) x, jsonb_array_elements(x->'units') u)
    ORDER BY id FOR KEY SHARE;
  PERFORM 1 FROM item_time_slots
    WHERE id IN (SELECT (u->>'timeSlotId')::int FROM jsonb_array_elements(p_calls) x, jsonb_array_elements(x->'units') u)
    ORDER BY id FOR KEY SHARE;
  -- Then the stock rows the adds take, FOR KEY SHARE, by this transaction itself: each hold's key to its stock row is
  -- checked in the add's own subtransaction, and a row share-locked by many subtransactions gets a lock record
  -- (MultiXact) that grows by one with each (48 adds: over a thousand members); one already locked by their parent is
  -- taken as it is.
  PERFORM 1 FROM stock_units
    WHERE (item_id, date, COALESCE(time_slot_id, 0), pool) IN (SELECT (u->>'itemId')::int, (u->>'date')::date,
      COALESCE((u->>'timeSlotId')::int, 0), COALESCE((u->>'pool')::int, 0)
      FROM jsonb_array_elements(p_calls) x, jsonb_array_elements(x->'units') u)
    ORDER BY id FOR KEY SHARE;
  -- The adds, each in a block of its own, their stock left to the end (zoo.defer_stock_take): then one conditional
  -- UPDATE per stock row for the places of all of them (zoo_take_stock). The row's lock is held from there to the commit only, so a
  -- second batch on the same row (another connection) does its adds meanwhile instead of waiting, and the row gets
  -- one new version per batch instead of one per add.
  BEGIN
    PERFORM set_config('zoo.defer_stock_take', 'on', true);
    FOR c IN SELECT * FROM jsonb_array_elements(p_calls) LOOP
      BEGIN
        IF jsonb_typeof(c->'admission') = 'object' THEN
          PERFORM zoo_spend_admission(c->'admission');
        END IF;
        v_r := zoo_add_cart_line(c->>'ownerKey', (c->>'userId')::int, (c->>'guestUserId')::uuid,
          (c->>'parkId')::int, c->'line', (c->>'maxPeople')::int, c->'units',
          ARRAY(SELECT jsonb_array_elements_text(COALESCE(c->'seatCodes', '[]'::jsonb))),
          (c->>'expiresAt')::timestamptz);
        v_take := v_take || COALESCE(v_r->'take', '[]'::jsonb);
        v_out := v_out || jsonb_build_array(jsonb_build_object('ok', v_r - 'take'));
      EXCEPTION WHEN OTHERS THEN
        v_out := v_out || jsonb_build_array(jsonb_build_object('error', SQLSTATE, 'message', SQLERRM));
      END;
    END LOOP;
    PERFORM set_config('zoo.defer_stock_take', 'off', true);
    PERFORM zoo_take_stock(v_take);
    RETURN v_out;
  EXCEPTION WHEN SQLSTATE 'ZB001' THEN
    -- Fewer places left than the batch took together (the end of the stock): all of it is undone, and the adds run
    -- again one after another, each taking its own places, so the first of them in the batch get what is left.
    v_out := '[]'::jsonb;
  END;
  FOR c IN SELECT * FROM jsonb_array_elements(p_calls) LOOP
    BEGIN
      IF jsonb_typeof(c->'admission') = 'object' THEN
        PERFORM zoo_spend_admission(c->'admission');
      END IF;
      v_r := zoo_add_cart_line(c->>'ownerKey', (c->>'userId')::int, (c->>'guestUserId')::uuid,
        (c->>'parkId')::int, c->'line', (c->>'maxPeople')::int, c->'units',
        ARRAY(SELECT jsonb_array_elements_text(COALESCE(c->'seatCodes', '[]'::jsonb))),
        (c->>'expiresAt')::timestamptz);
      v_out := v_out || jsonb_build_array(jsonb_build_object('ok', v_r));
    EXCEPTION WHEN OTHERS THEN
      v_out := v_out || jsonb_build_array(jsonb_build_object('error', SQLSTATE, 'message', SQLERRM));
    END;
  END LOOP;
  RETURN v_out;
END
$fn$;
