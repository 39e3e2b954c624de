-- Frozen: the zoo_search_normalize that migration 20261121000004 installs on a fresh database (its text since a19f173;
-- databases migrated before that got a broken copy, which 20261127000300 replaces). Never edit: the current text is
-- made by server/db/searchNormalizeSql.ts, and a change to it comes with a new migration and a frozen copy of its own.
CREATE OR REPLACE FUNCTION zoo_search_normalize(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT btrim(regexp_replace(
    regexp_replace(
      translate(lower(normalize(coalesce(t, ''), NFKC)), 'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ', 'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ'),
      '[ーｰ―‐－~〜～]', '', 'g'),
    '[[:space:]・、。,.!！?？「」『』（）()［］\[\]【】"''’“”:：;；/／\\＆&＋+*＊#＃@＠%％=＝|｜_＿<>＜＞]+', ' ', 'g'))
$fn$;
