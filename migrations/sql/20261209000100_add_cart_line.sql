-- zoo_add_cart_line: adding a cart line in ONE round trip (the hot path of a flash sale). In one statement:
--   1. find or create (ON CONFLICT DO NOTHING) the stock rows, a new row with the places the catalogue gives its
--      pool now (items.daily_capacity, or the slot's capacity less or only its pass_capacity); too few places
--      left: 'soldOut' before any write;
--   2. lock the owner's cart of the park (upsert), then check max_per_order over the cart's lines of the same item,
--      date and slot (a new snapshot per statement inside a VOLATILE function: it sees every line committed before
--      the lock was granted);
--   3. the same ticket again (same item, date, slot and plan, no seats, add-ons or advance information, not frozen
--      by an order awaiting payment, hold still running): that line grows and its hold with it, instead of a
--      second line; otherwise insert the line, its holds (one per stock row, id order), their audit rows and the
--      chosen seats (a seat already taken: 'seatDeadlinePassed');
--   4. take the stock last, one conditional UPDATE per row in id order (`sold + held + q <= capacity`, else
--      'soldOut'), so the row locks are held only until the commit right after. Inside a batch of adds
--      (add_cart_lines.sql sets zoo.defer_stock_take for its transaction) this step is left to the batch, which takes
--      the places of all its adds at once: the result then names them (`take`: [[stock row id, places], ...]).
-- Stock rows are per pool (units' `pool`: 0 general, 1 places set aside for pass holders, migration
-- 20261204000100): a unit names its pool, and a line of pass-holder places (`passPool`) grows only a line of the
-- same pool. Who may take pool 1 is checked before the call (carts/services/addLine.ts).
-- Any failure raises (SQLSTATE P0001, the message is the code) and the whole statement leaves nothing behind.
-- It is the stock ledger's (server/features/stock/ledger.ts) SQL half: with the ledger, the only writer of
-- stock_units.held and .sold. The current text: migrations install frozen copies (migrations/sql), so a change here
-- comes with a new migration and a frozen copy of its own (server/test/sqlFunctions.test.ts fails until then).
CREATE OR REPLACE FUNCTION zoo_add_cart_line(
  p_owner_key text,
  p_user_id int,
  p_guest_user_id uuid,
  p_park_id int,
  p_line jsonb,
  p_max_people int,
  p_units jsonb,
  p_seat_codes text[],
  p_expires_at timestamptz
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  u jsonb;
  v_unit bigint;
  v_left int;
  v_ids bigint[] := '{}';
  v_qty int[] := '{}';
  v_sorted_ids bigint[];
  v_sorted_qty int[];
  v_cart bigint;
  v_people int;
  v_line bigint;
  v_created timestamptz;
  v_hold bigint;
  v_holds bigint[] := '{}';
  v_seat_ids int[];
  v_n int;
  i int;
  v_defer boolean := current_setting('zoo.defer_stock_take', true) = 'on';
BEGIN
  FOR u IN SELECT * FROM jsonb_array_elements(p_units) LOOP
    SELECT id, capacity - sold - held INTO v_unit, v_left FROM stock_units
      WHERE item_id = (u->>'itemId')::int AND date = (u->>'date')::date
        AND COALESCE(time_slot_id, 0) = COALESCE((u->>'timeSlotId')::int, 0)
        AND pool = COALESCE((u->>'pool')::int, 0);
    IF NOT FOUND THEN
      -- A new row's places come from the catalogue as it is now, not from what the caller read (its rules may be
      -- cached for a moment: a row made with a slot's old places would keep them).
      INSERT INTO stock_units (item_id, date, time_slot_id, pool, capacity)
        SELECT i.id, (u->>'date')::date, s.id, COALESCE((u->>'pool')::int, 0),
          CASE WHEN s.id IS NULL THEN CASE WHEN COALESCE((u->>'pool')::int, 0) = 0 THEN i.daily_capacity ELSE 0 END
               WHEN COALESCE((u->>'pool')::int, 0) = 1 THEN s.pass_capacity
               ELSE s.capacity - s.pass_capacity END
        FROM items i LEFT JOIN item_time_slots s ON s.id = (u->>'timeSlotId')::int AND s.item_id = i.id
        WHERE i.id = (u->>'itemId')::int AND ((u->>'timeSlotId') IS NULL OR s.id IS NOT NULL)
        ON CONFLICT (item_id, date, (COALESCE(time_slot_id, 0)), pool) DO NOTHING;
      SELECT id, capacity - sold - held INTO v_unit, v_left FROM stock_units
        WHERE item_id = (u->>'itemId')::int AND date = (u->>'date')::date
          AND COALESCE(time_slot_id, 0) = COALESCE((u->>'timeSlotId')::int, 0)
          AND pool = COALESCE((u->>'pool')::int, 0);
    END IF;
    -- No row: the slot was removed meanwhile.
    IF v_unit IS NULL OR v_left < (u->>'quantity')::int THEN
      RAISE EXCEPTION 'soldOut' USING ERRCODE = 'P0001';
    END IF;
    v_ids := v_ids || v_unit;
    v_qty := v_qty || (u->>'quantity')::int;
  END LOOP;
  SELECT array_agg(t.id ORDER BY t.id), array_agg(t.q ORDER BY t.id) INTO v_sorted_ids, v_sorted_qty
    FROM (SELECT x.id, SUM(x.q)::int AS q FROM unnest(v_ids, v_qty) AS x(id, q) GROUP BY x.id) t;

  INSERT INTO carts (owner_key, user_id, guest_user_id, park_id)
    VALUES (p_owner_key, p_user_id, p_guest_user_id, p_park_id)
    ON CONFLICT (owner_key, park_id) DO UPDATE SET updated_at = now()
    RETURNING id INTO v_cart;

  IF p_max_people IS NOT NULL THEN
    SELECT COALESCE(SUM(people), 0) INTO v_people FROM cart_lines
      WHERE cart_id = v_cart AND kind = 'item' AND item_id = (p_line->>'itemId')::int
        AND date = (p_line->>'date')::date
        AND COALESCE(time_slot_id, 0) = COALESCE((p_line->>'timeSlotId')::int, 0);
    IF v_people + (p_line->>'people')::int > p_max_people THEN
      RAISE EXCEPTION 'maxPerOrder' USING ERRCODE = 'P0001';
    END IF;
  END IF;
  -- Pass-holder places: the cart's lines of that pool for the slot, this one counted, at most the buyer's holders
  -- (`passPoolMax`, read before the call); checked here, under the cart's lock, so two adds at once cannot both pass.
  IF COALESCE((p_line->>'passPool')::boolean, false) THEN
    SELECT COALESCE(SUM(people), 0) INTO v_people FROM cart_lines
      WHERE cart_id = v_cart AND pass_pool AND item_id = (p_line->>'itemId')::int
        AND date = (p_line->>'date')::date
        AND COALESCE(time_slot_id, 0) = COALESCE((p_line->>'timeSlotId')::int, 0);
    IF v_people + (p_line->>'people')::int > COALESCE((p_line->>'passPoolMax')::int, 0) THEN
      RAISE EXCEPTION 'passPoolTooMany' USING ERRCODE = 'P0001';
    END IF;
  END IF;

  IF p_line->>'kind' = 'item' AND COALESCE(cardinality(p_seat_codes), 0) = 0
     AND NOT COALESCE((p_line->>'lottery')::boolean, false)
     AND COALESCE(p_line->'additionalPlans', '[]'::jsonb) = '[]'::jsonb
     AND v_sorted_ids IS NOT NULL AND array_length(v_sorted_ids, 1) = 1 THEN
    SELECT l.id INTO v_line FROM cart_lines l
      WHERE l.cart_id = v_cart AND l.kind = 'item' AND l.item_id = (p_line->>'itemId')::int
        AND l.date = (p_line->>'date')::date
        AND COALESCE(l.time_slot_id, 0) = COALESCE((p_line->>'timeSlotId')::int, 0)
        AND l.basic_plan_id IS NOT DISTINCT FROM (p_line->>'basicPlanId')::int
        AND l.additional_plans = '[]'::jsonb AND l.advance_info IS NULL AND l.order_id IS NULL AND NOT l.lottery
        AND l.pass_pool = COALESCE((p_line->>'passPool')::boolean, false)
        AND l.expires_at > now()
        AND NOT EXISTS (SELECT 1 FROM seat_holds sh JOIN stock_holds h ON h.id = sh.stock_hold_id WHERE h.cart_line_id = l.id)
      ORDER BY l.id LIMIT 1 FOR UPDATE;
    IF FOUND THEN
      SELECT id INTO v_hold FROM stock_holds WHERE cart_line_id = v_line AND state = 'held' ORDER BY id LIMIT 1 FOR UPDATE;
      IF FOUND THEN
        UPDATE cart_lines SET
            quantities = (SELECT COALESCE(jsonb_agg(jsonb_build_object('ageGroupId', g, 'quantity', q) ORDER BY g), '[]'::jsonb)
              FROM (SELECT (e->>'ageGroupId')::int AS g, SUM((e->>'quantity')::int)::int AS q
                    FROM jsonb_array_elements(quantities || COALESCE(p_line->'quantities', '[]'::jsonb)) e GROUP BY 1) t),
            disability_quantity = disability_quantity + COALESCE((p_line->>'disabilityQuantity')::int, 0),
            companion_quantity = companion_quantity + COALESCE((p_line->>'companionQuantity')::int, 0),
            people = people + (p_line->>'people')::int,
            updated_at = now()
          WHERE id = v_line RETURNING created_at INTO v_created;
        UPDATE stock_holds SET quantity = quantity + v_sorted_qty[1], updated_at = now() WHERE id = v_hold;
        INSERT INTO audit_logs (entity, entity_id, action, actor_user_id, data)
          VALUES ('stock_hold', v_hold::text, 'hold.increased', p_user_id,
            jsonb_build_object('stockUnitId', v_sorted_ids[1], 'by', v_sorted_qty[1], 'cartLineId', v_line, 'sameTicket', true));
        IF v_defer THEN
          RETURN jsonb_build_object('lineId', v_line, 'cartId', v_cart, 'createdAt', v_created,
            'holdIds', to_jsonb(ARRAY[v_hold]), 'merged', true,
            'take', jsonb_build_array(jsonb_build_array(v_sorted_ids[1], v_sorted_qty[1])));
        END IF;
        UPDATE stock_units SET held = held + v_sorted_qty[1]
          WHERE id = v_sorted_ids[1] AND sold + held + v_sorted_qty[1] <= capacity;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'soldOut' USING ERRCODE = 'P0001';
        END IF;
        RETURN jsonb_build_object('lineId', v_line, 'cartId', v_cart, 'createdAt', v_created,
          'holdIds', to_jsonb(ARRAY[v_hold]), 'merged', true);
      END IF;
    END IF;
  END IF;

  INSERT INTO cart_lines (cart_id, kind, item_id, ticket_pack_id, date, time_slot_id, pack_time, basic_plan_id,
      quantities, additional_plans, disability_quantity, companion_quantity, pack_quantity, people, lottery,
      pass_pool, expires_at)
    VALUES (v_cart, p_line->>'kind', (p_line->>'itemId')::int, (p_line->>'ticketPackId')::int,
      (p_line->>'date')::date, (p_line->>'timeSlotId')::int, p_line->>'packTime', (p_line->>'basicPlanId')::int,
      COALESCE(p_line->'quantities', '[]'::jsonb), COALESCE(p_line->'additionalPlans', '[]'::jsonb),
      COALESCE((p_line->>'disabilityQuantity')::int, 0), COALESCE((p_line->>'companionQuantity')::int, 0),
      (p_line->>'packQuantity')::int, (p_line->>'people')::int, COALESCE((p_line->>'lottery')::boolean, false),
      COALESCE((p_line->>'passPool')::boolean, false), p_expires_at)
    RETURNING id, created_at INTO v_line, v_created;

  IF v_sorted_ids IS NOT NULL THEN
    FOR i IN 1..array_length(v_sorted_ids, 1) LOOP
      INSERT INTO stock_holds (stock_unit_id, cart_line_id, quantity, expires_at)
        VALUES (v_sorted_ids[i], v_line, v_sorted_qty[i], p_expires_at)
        RETURNING id INTO v_hold;
      v_holds := v_holds || v_hold;
    END LOOP;
    INSERT INTO audit_logs (entity, entity_id, action, actor_user_id, data)
      SELECT 'stock_hold', h.id::text, 'hold.created', p_user_id,
        jsonb_build_object('stockUnitId', h.stock_unit_id, 'quantity', h.quantity, 'cartLineId', v_line,
          'owner', p_owner_key)
      FROM stock_holds h WHERE h.id = ANY(v_holds);

    IF p_seat_codes IS NOT NULL AND cardinality(p_seat_codes) > 0 THEN
      SELECT array_agg(s.id ORDER BY s.id) INTO v_seat_ids FROM item_seats s
        WHERE s.item_id = (p_line->>'itemId')::int AND s.seat_code = ANY(p_seat_codes);
      IF COALESCE(cardinality(v_seat_ids), 0) <> cardinality(p_seat_codes) THEN
        RAISE EXCEPTION 'seatUnknown' USING ERRCODE = 'P0001';
      END IF;
      INSERT INTO seat_holds (stock_unit_id, seat_id, stock_hold_id)
        SELECT v_sorted_ids[1], s, v_holds[1] FROM unnest(v_seat_ids) AS s
        ON CONFLICT (stock_unit_id, seat_id) DO NOTHING;
      GET DIAGNOSTICS v_n = ROW_COUNT;
      IF v_n <> cardinality(v_seat_ids) THEN
        RAISE EXCEPTION 'seatDeadlinePassed' USING ERRCODE = 'P0001';
      END IF;
    END IF;

    IF v_defer THEN
      RETURN jsonb_build_object('lineId', v_line, 'cartId', v_cart, 'createdAt', v_created, 'holdIds', to_jsonb(v_holds),
        'take', (SELECT jsonb_agg(jsonb_build_array(x.id, x.q)) FROM unnest(v_sorted_ids, v_sorted_qty) AS x(id, q)));
    END IF;
    FOR i IN 1..array_length(v_sorted_ids, 1) LOOP
      UPDATE stock_units SET held = held + v_sorted_qty[i]
        WHERE id = v_sorted_ids[i] AND sold + held + v_sorted_qty[i] <= capacity;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'soldOut' USING ERRCODE = 'P0001';
      END IF;
    END LOOP;
  END IF;

  RETURN jsonb_build_object('lineId', v_line, 'cartId', v_cart, 'createdAt', v_created, 'holdIds', to_jsonb(v_holds));
END
$fn$;
