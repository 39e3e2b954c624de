-- Frozen: the zoo_add_cart_line that migration 20261121000031 installed (commit bd244e4). Never edit; the
-- current text is server/features/stock/sql/add_cart_line.sql, and a change to it comes with a new migration.
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
    BEGIN
      FOR u IN SELECT * FROM jsonb_array_elements(p_units) LOOP
        SELECT id, capacity - sold - held INTO v_unit, v_left FROM stock_units
          WHERE item_id = (u->>'itemId')::int AND date = (u->>'date')::date
            AND COALESCE(time_slot_id, 0) = COALESCE((u->>'timeSlotId')::int, 0);
        IF NOT FOUND THEN
          INSERT INTO stock_units (item_id, date, time_slot_id, capacity)
            VALUES ((u->>'itemId')::int, (u->>'date')::date, (u->>'timeSlotId')::int, (u->>'capacity')::int)
            ON CONFLICT (item_id, date, (COALESCE(time_slot_id, 0))) DO NOTHING;
          SELECT id, capacity - sold - held INTO v_unit, v_left FROM stock_units
            WHERE item_id = (u->>'itemId')::int AND date = (u->>'date')::date
              AND COALESCE(time_slot_id, 0) = COALESCE((u->>'timeSlotId')::int, 0);
        END IF;
        IF v_left < (u->>'quantity')::int THEN
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

      INSERT INTO cart_lines (cart_id, kind, item_id, ticket_pack_id, date, time_slot_id, pack_time, basic_plan_id,
          quantities, additional_plans, disability_quantity, companion_quantity, pack_quantity, people, lottery,
          expires_at)
        VALUES (v_cart, p_line->>'kind', (p_line->>'itemId')::int, (p_line->>'ticketPackId')::int,
          (p_line->>'date')::date, (p_line->>'timeSlotId')::int, p_line->>'packTime', (p_line->>'basicPlanId')::int,
          COALESCE(p_line->'quantities', '[]'::jsonb), COALESCE(p_line->'additionalPlans', '[]'::jsonb),
          COALESCE((p_line->>'disabilityQuantity')::int, 0), COALESCE((p_line->>'companionQuantity')::int, 0),
          (p_line->>'packQuantity')::int, (p_line->>'people')::int, COALESCE((p_line->>'lottery')::boolean, false),
          p_expires_at)
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
