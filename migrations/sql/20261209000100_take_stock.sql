-- zoo_take_stock: the places a batch of adds took (add_cart_lines.sql, its adds run with zoo.defer_stock_take), as
-- [[stock row id, places], ...]: one conditional UPDATE per row, in id order (`sold + held + q <= capacity`). When
-- they do not all fit it raises 'batchDoesNotFit' (SQLSTATE ZB001) and the batch undoes itself. Part of the stock
-- ledger's SQL half (server/features/stock/ledger.ts): with add_cart_line.sql, the only writers of
-- stock_units.held and .sold. The current text: a change comes with a new migration and a frozen copy.
CREATE OR REPLACE FUNCTION zoo_take_stock(p_take jsonb) RETURNS void
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_unit record;
BEGIN
  FOR v_unit IN SELECT (t->>0)::bigint AS id, SUM((t->>1)::int)::int AS q FROM jsonb_array_elements(p_take) t
      GROUP BY 1 ORDER BY 1 LOOP
    UPDATE stock_units SET held = held + v_unit.q WHERE id = v_unit.id AND sold + held + v_unit.q <= capacity;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'batchDoesNotFit' USING ERRCODE = 'ZB001';
    END IF;
  END LOOP;
END
$fn$;
