-- Issue 26: the personal cabinet's menu leads to the Safer play tab (limits, play time, reality check,
-- breaks, closure), after Transactions, in every locale; a menu that already has the entry is left as it is.
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Safer play","url":"/en/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'en' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Sicheres Spielen","url":"/de/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'de' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Jeu plus sûr","url":"/fr/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'fr' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Sicheres Spielen","url":"/de_at/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'de_at' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Safer play","url":"/au/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'au' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Safer play","url":"/nz/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'nz' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Jeu plus sûr","url":"/fr-ca/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'fr-ca' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Safer play","url":"/ca/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'ca' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Jogo mais seguro","url":"/pt/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'pt' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Tryggere spill","url":"/no/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'no' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Bezpieczniejsza gra","url":"/pl/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'pl' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Turvallisempi pelaaminen","url":"/fi/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'fi' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Safer play","url":"/en-ar/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'en-ar' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"اللعب الآمن","url":"/ar-en/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'ar-en' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Gioco più sicuro","url":"/it/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'it' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
--> statement-breakpoint
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(entry ORDER BY position) FROM (
    SELECT entry, position::numeric AS position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS e(entry, position)
    UNION ALL
    SELECT '{"id":"safer-play","label":"Turvalisem mängimine","url":"/ee/account/limits/","icon":"shield"}'::jsonb, coalesce((SELECT position FROM jsonb_array_elements("menus"."items") WITH ORDINALITY AS t(entry, position) WHERE entry->>'id' = 'transactions'), jsonb_array_length("menus"."items")) + 0.5
  ) AS merged
), "updated_at" = now()
WHERE "locale" = 'ee' AND "menu" = 'personal-cabinet' AND NOT "items" @> '[{"id": "safer-play"}]'::jsonb;
