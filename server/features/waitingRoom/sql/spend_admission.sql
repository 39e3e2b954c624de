-- zoo_spend_admission: spends a waiting room admission (its token id) in the statement that adds its line. The cart's
-- add calls it first, in the add's own statement (stock/addCartLines.ts; in zoo_add_cart_lines, inside each call's
-- block), so the spend and the line commit together or not at all: a process that dies, or an add that is refused
-- (sold out), leaves the admission unspent. A token already spent, or replaced by a newer one: 'waitingRoomAdmissionUsed'.
-- p: {"roomId": int, "holderKey": text, "jti": text, "at": timestamptz}. The only writer of
-- waiting_room_places.token_used_at. A change here comes with a new migration and a frozen copy (migrations/sql).
CREATE OR REPLACE FUNCTION zoo_spend_admission(p jsonb) RETURNS void
LANGUAGE plpgsql VOLATILE AS $fn$
BEGIN
  UPDATE waiting_room_places SET token_used_at = (p->>'at')::timestamptz
    WHERE room_id = (p->>'roomId')::int AND holder_key = p->>'holderKey' AND token_jti = p->>'jti'
      AND token_used_at IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'waitingRoomAdmissionUsed' USING ERRCODE = 'P0001';
  END IF;
END
$fn$;
