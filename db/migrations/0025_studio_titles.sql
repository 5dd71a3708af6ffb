-- Issue 28: a database seeded before the Demo Studio's game library is brought to the studio's sheet
-- (docs/decisions/020-studio-games.md): the six former live tables become the RNG games they now
-- are, eleven new titles are listed with the stake limits of their kind, and every studio title
-- takes the sheet's RTP, volatility, category and tags. A fresh database has no rows yet: the seed
-- lists the sheet itself.
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '787352d9-a605-5b95-be7a-c325c6a1b4b6', 'aurora-riches', 'Aurora Riches', 'northern-lights', 'provider', 'northern-lights:aurora-riches', ARRAY['slots', 'new', 'popular']::text[], ARRAY['video-slot', 'high']::text[], 9530, 'high', false, true, ARRAY[]::text[], '2026-10-28', 860, '/games/art/aurora-riches.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'northern-lights') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Aurora Riches', engine = 'northern-lights:aurora-riches', categories = ARRAY['slots', 'new', 'popular']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9530, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'aurora-riches';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'aurora-riches' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '7cacf4e7-be0a-588a-86d4-63e62d929422', 'fjord-fortune', 'Fjord Fortune', 'northern-lights', 'provider', 'northern-lights:fjord-fortune', ARRAY['slots']::text[], ARRAY['video-slot', 'medium']::text[], 9594, 'medium', false, true, ARRAY[]::text[], '2025-11-04', 640, '/games/art/fjord-fortune.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'northern-lights') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Fjord Fortune', engine = 'northern-lights:fjord-fortune', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9594, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'fjord-fortune';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'fjord-fortune' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '07b221df-fe77-55a4-9a57-3029b2aca5b3', 'polar-wilds', 'Polar Wilds', 'northern-lights', 'provider', 'northern-lights:polar-wilds', ARRAY['slots']::text[], ARRAY['video-slot', 'medium']::text[], 9545, 'medium', false, true, ARRAY[]::text[], '2025-08-19', 520, '/games/art/polar-wilds.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'northern-lights') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Polar Wilds', engine = 'northern-lights:polar-wilds', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9545, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'polar-wilds';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'polar-wilds' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '1547c4c2-4f8c-5f92-a7ee-0ad135450f52', 'midnight-sun-megaways', 'Midnight Sun Megaways', 'northern-lights', 'provider', 'northern-lights:midnight-sun-megaways', ARRAY['slots', 'new', 'popular']::text[], ARRAY['video-slot', 'high']::text[], 9598, 'high', false, true, ARRAY[]::text[], '2026-09-15', 880, '/games/art/midnight-sun-megaways.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'northern-lights') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Midnight Sun Megaways', engine = 'northern-lights:midnight-sun-megaways', categories = ARRAY['slots', 'new', 'popular']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9598, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'midnight-sun-megaways';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'midnight-sun-megaways' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'faed7367-2bcb-5947-97ed-d4fb2bd54ea2', 'viking-voyage', 'Viking Voyage', 'northern-lights', 'provider', 'northern-lights:viking-voyage', ARRAY['slots', 'popular']::text[], ARRAY['video-slot', 'high']::text[], 9683, 'high', false, true, ARRAY[]::text[], '2025-05-02', 710, '/games/art/viking-voyage.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'northern-lights') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Viking Voyage', engine = 'northern-lights:viking-voyage', categories = ARRAY['slots', 'popular']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9683, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'viking-voyage';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'viking-voyage' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '9a3dcbdd-8d0f-5509-b677-9e12130d3c82', 'snowfall-sevens', 'Snowfall Sevens', 'northern-lights', 'provider', 'northern-lights:snowfall-sevens', ARRAY['slots']::text[], ARRAY['video-slot', 'medium']::text[], 9520, 'medium', false, true, ARRAY[]::text[], '2024-12-01', 330, '/games/art/snowfall-sevens.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'northern-lights') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Snowfall Sevens', engine = 'northern-lights:snowfall-sevens', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9520, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'snowfall-sevens';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'snowfall-sevens' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'bb0ee3d3-106a-547b-a169-d14dd7c77638', 'reindeer-run', 'Reindeer Run', 'northern-lights', 'provider', 'northern-lights:reindeer-run', ARRAY['slots', 'new']::text[], ARRAY['video-slot', 'high']::text[], 9556, 'high', false, true, ARRAY[]::text[], '2026-11-10', 450, '/games/art/reindeer-run.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'northern-lights') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Reindeer Run', engine = 'northern-lights:reindeer-run', categories = ARRAY['slots', 'new']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9556, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'reindeer-run';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'reindeer-run' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '82daa3e7-1524-50ed-aec9-477489568913', 'book-of-runes', 'Book of Runes', 'northern-lights', 'provider', 'northern-lights:book-of-runes', ARRAY['slots', 'popular']::text[], ARRAY['video-slot', 'medium']::text[], 9624, 'medium', false, true, ARRAY[]::text[], '2026-03-21', 750, '/games/art/book-of-runes.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'northern-lights') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Book of Runes', engine = 'northern-lights:book-of-runes', categories = ARRAY['slots', 'popular']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9624, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'book-of-runes';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'book-of-runes' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'f2c1647d-9063-54f6-a082-2ad9ffbdbe47', 'frost-giants', 'Frost Giants', 'northern-lights', 'provider', 'northern-lights:frost-giants', ARRAY['slots', 'new']::text[], ARRAY['video-slot', 'low']::text[], 9405, 'low', false, true, ARRAY[]::text[], '2026-11-20', 520, '/games/art/frost-giants.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'northern-lights') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Frost Giants', engine = 'northern-lights:frost-giants', categories = ARRAY['slots', 'new']::text[], tags = ARRAY['video-slot', 'low']::text[], rtp_bp = 9405, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'frost-giants';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'frost-giants' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '0b18f08e-5f73-5774-a17c-bc4b804768f8', 'saga-of-thor', 'Saga of Thor', 'northern-lights', 'provider', 'northern-lights:saga-of-thor', ARRAY['slots', 'new']::text[], ARRAY['video-slot', 'medium']::text[], 9550, 'medium', false, true, ARRAY[]::text[], '2026-10-30', 640, '/games/art/saga-of-thor.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'northern-lights') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Saga of Thor', engine = 'northern-lights:saga-of-thor', categories = ARRAY['slots', 'new']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9550, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'saga-of-thor';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'saga-of-thor' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '342c113d-f862-5be1-995c-f43833233fcd', 'golden-reels-deluxe', 'Golden Reels Deluxe', 'golden-reel', 'provider', 'golden-reel:golden-reels-deluxe', ARRAY['slots', 'popular']::text[], ARRAY['video-slot', 'low']::text[], 9440, 'low', false, true, ARRAY[]::text[], '2025-03-14', 800, '/games/art/golden-reels-deluxe.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'golden-reel') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Golden Reels Deluxe', engine = 'golden-reel:golden-reels-deluxe', categories = ARRAY['slots', 'popular']::text[], tags = ARRAY['video-slot', 'low']::text[], rtp_bp = 9440, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'golden-reels-deluxe';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'golden-reels-deluxe' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '5e078bb3-9134-513f-9473-af01a38d2862', 'pharaohs-gold', 'Pharaoh’s Gold', 'golden-reel', 'provider', 'golden-reel:pharaohs-gold', ARRAY['slots', 'popular']::text[], ARRAY['video-slot', 'high']::text[], 9630, 'high', false, true, ARRAY['GB']::text[], '2024-10-10', 690, '/games/art/pharaohs-gold.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'golden-reel') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Pharaoh’s Gold', engine = 'golden-reel:pharaohs-gold', categories = ARRAY['slots', 'popular']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9630, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'pharaohs-gold';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'pharaohs-gold' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'c35f8342-12be-5491-9e7b-7935fb089cd2', 'lucky-clover-link', 'Lucky Clover Link', 'golden-reel', 'provider', 'golden-reel:lucky-clover-link', ARRAY['slots']::text[], ARRAY['video-slot', 'high']::text[], 9513, 'high', false, true, ARRAY[]::text[], '2025-07-07', 560, '/games/art/lucky-clover-link.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'golden-reel') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Lucky Clover Link', engine = 'golden-reel:lucky-clover-link', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9513, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'lucky-clover-link';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'lucky-clover-link' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'c71c47e9-6b9f-5bc1-ba98-589b8426f46e', 'jewel-cascade', 'Jewel Cascade', 'golden-reel', 'provider', 'golden-reel:jewel-cascade', ARRAY['slots', 'new']::text[], ARRAY['video-slot', 'medium']::text[], 9583, 'medium', false, true, ARRAY[]::text[], '2026-10-01', 480, '/games/art/jewel-cascade.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'golden-reel') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Jewel Cascade', engine = 'golden-reel:jewel-cascade', categories = ARRAY['slots', 'new']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9583, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'jewel-cascade';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'jewel-cascade' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '064d64c7-00d8-53bd-a574-8ae7e2d33e94', 'royal-sevens', 'Royal Sevens', 'golden-reel', 'provider', 'golden-reel:royal-sevens', ARRAY['slots']::text[], ARRAY['video-slot', 'high']::text[], 9447, 'high', false, true, ARRAY[]::text[], '2024-06-21', 300, '/games/art/royal-sevens.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'golden-reel') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Royal Sevens', engine = 'golden-reel:royal-sevens', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9447, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'royal-sevens';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'royal-sevens' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'cc1b0d1a-cf9a-54a9-b16e-8af367c0bc54', 'dragon-hoard', 'Dragon Hoard', 'golden-reel', 'provider', 'golden-reel:dragon-hoard', ARRAY['slots', 'popular']::text[], ARRAY['video-slot', 'high']::text[], 9692, 'high', false, true, ARRAY[]::text[], '2026-08-18', 830, '/games/art/dragon-hoard.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'golden-reel') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Dragon Hoard', engine = 'golden-reel:dragon-hoard', categories = ARRAY['slots', 'popular']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9692, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'dragon-hoard';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'dragon-hoard' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '89fa8efc-542f-5986-b3f0-a8b66b20e176', 'gold-rush-express', 'Gold Rush Express', 'golden-reel', 'provider', 'golden-reel:gold-rush-express', ARRAY['slots']::text[], ARRAY['video-slot', 'high']::text[], 9581, 'high', false, true, ARRAY[]::text[], '2025-12-12', 600, '/games/art/gold-rush-express.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'golden-reel') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Gold Rush Express', engine = 'golden-reel:gold-rush-express', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9581, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'gold-rush-express';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'gold-rush-express' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '8457aadc-5747-52f5-80ff-a4d281832667', 'treasure-temple', 'Treasure Temple', 'golden-reel', 'provider', 'golden-reel:treasure-temple', ARRAY['slots', 'new']::text[], ARRAY['video-slot', 'medium']::text[], 9562, 'medium', false, true, ARRAY[]::text[], '2026-11-02', 540, '/games/art/treasure-temple.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'golden-reel') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Treasure Temple', engine = 'golden-reel:treasure-temple', categories = ARRAY['slots', 'new']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9562, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'treasure-temple';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'treasure-temple' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'dfb117bb-2b18-5702-b743-43aa35fad9c2', 'emerald-scarab', 'Emerald Scarab', 'golden-reel', 'provider', 'golden-reel:emerald-scarab', ARRAY['slots', 'new']::text[], ARRAY['video-slot', 'medium']::text[], 9583, 'medium', false, true, ARRAY[]::text[], '2026-09-25', 580, '/games/art/emerald-scarab.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'golden-reel') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Emerald Scarab', engine = 'golden-reel:emerald-scarab', categories = ARRAY['slots', 'new']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9583, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'emerald-scarab';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'emerald-scarab' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '88d0836c-71c1-5f50-997f-506606d9ac1c', 'diamond-dynasty', 'Diamond Dynasty', 'golden-reel', 'provider', 'golden-reel:diamond-dynasty', ARRAY['slots']::text[], ARRAY['video-slot', 'medium']::text[], 9446, 'medium', false, true, ARRAY[]::text[], '2025-06-01', 310, '/games/art/diamond-dynasty.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'golden-reel') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Diamond Dynasty', engine = 'golden-reel:diamond-dynasty', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9446, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'diamond-dynasty';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'diamond-dynasty' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '0e4be493-a87e-5d83-b8b8-628ff0859afa', 'fox-tales', 'Fox Tales', 'red-fox', 'provider', 'red-fox:fox-tales', ARRAY['slots']::text[], ARRAY['video-slot', 'high']::text[], 9506, 'high', false, true, ARRAY[]::text[], '2025-10-10', 620, '/games/art/fox-tales.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'red-fox') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Fox Tales', engine = 'red-fox:fox-tales', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9506, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'fox-tales';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'fox-tales' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '66a21d6a-034c-5072-808c-3ee4a97c6b90', 'crimson-canyon', 'Crimson Canyon', 'red-fox', 'provider', 'red-fox:crimson-canyon', ARRAY['slots']::text[], ARRAY['video-slot', 'low']::text[], 9579, 'low', false, true, ARRAY[]::text[], '2025-01-30', 410, '/games/art/crimson-canyon.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'red-fox') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Crimson Canyon', engine = 'red-fox:crimson-canyon', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'low']::text[], rtp_bp = 9579, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'crimson-canyon';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'crimson-canyon' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '5400e26e-87c9-5061-bd50-07c62bd0d511', 'wild-west-wanted', 'Wild West Wanted', 'red-fox', 'provider', 'red-fox:wild-west-wanted', ARRAY['slots', 'popular']::text[], ARRAY['video-slot', 'medium']::text[], 9621, 'medium', false, true, ARRAY['DE', 'AT']::text[], '2026-07-21', 770, '/games/art/wild-west-wanted.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'red-fox') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Wild West Wanted', engine = 'red-fox:wild-west-wanted', categories = ARRAY['slots', 'popular']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9621, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'wild-west-wanted';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'wild-west-wanted' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '46196ca6-9810-520b-8434-fc09a967edd2', 'fruit-frenzy', 'Fruit Frenzy', 'red-fox', 'provider', 'red-fox:fruit-frenzy', ARRAY['slots']::text[], ARRAY['video-slot', 'low']::text[], 9512, 'low', false, true, ARRAY[]::text[], '2024-09-09', 380, '/games/art/fruit-frenzy.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'red-fox') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Fruit Frenzy', engine = 'red-fox:fruit-frenzy', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'low']::text[], rtp_bp = 9512, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'fruit-frenzy';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'fruit-frenzy' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '7245fbc6-34e8-5517-9f71-ec95485deb55', 'cherry-bomb', 'Cherry Bomb', 'red-fox', 'provider', 'red-fox:cherry-bomb', ARRAY['slots', 'new']::text[], ARRAY['video-slot', 'medium']::text[], 9507, 'medium', false, true, ARRAY[]::text[], '2026-10-20', 500, '/games/art/cherry-bomb.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'red-fox') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Cherry Bomb', engine = 'red-fox:cherry-bomb', categories = ARRAY['slots', 'new']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9507, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'cherry-bomb';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'cherry-bomb' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'c2d0c3a7-a0c4-51d7-a9cb-78f69b781f90', 'lantern-festival', 'Lantern Festival', 'red-fox', 'provider', 'red-fox:lantern-festival', ARRAY['slots']::text[], ARRAY['video-slot', 'medium']::text[], 9590, 'medium', false, true, ARRAY[]::text[], '2026-02-14', 470, '/games/art/lantern-festival.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'red-fox') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Lantern Festival', engine = 'red-fox:lantern-festival', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9590, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'lantern-festival';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'lantern-festival' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '06f1f03a-5cda-53ec-a644-b9e3ef51dff2', 'chili-cascade', 'Chili Cascade', 'red-fox', 'provider', 'red-fox:chili-cascade', ARRAY['slots', 'new']::text[], ARRAY['video-slot', 'high']::text[], 9558, 'high', false, true, ARRAY[]::text[], '2026-11-22', 490, '/games/art/chili-cascade.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'red-fox') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Chili Cascade', engine = 'red-fox:chili-cascade', categories = ARRAY['slots', 'new']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9558, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'chili-cascade';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'chili-cascade' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '46c315ef-7a40-5e99-a726-4441ba32a919', 'fox-fire-sevens', 'Fox Fire Sevens', 'red-fox', 'provider', 'red-fox:fox-fire-sevens', ARRAY['slots']::text[], ARRAY['video-slot', 'medium']::text[], 9669, 'medium', false, true, ARRAY[]::text[], '2025-01-15', 280, '/games/art/fox-fire-sevens.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'red-fox') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Fox Fire Sevens', engine = 'red-fox:fox-fire-sevens', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9669, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'fox-fire-sevens';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'fox-fire-sevens' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'f10de3cc-b76e-571e-a3a9-0987cb363fe4', 'deep-blue-pearls', 'Deep Blue Pearls', 'blue-harbour', 'provider', 'blue-harbour:deep-blue-pearls', ARRAY['slots']::text[], ARRAY['video-slot', 'medium']::text[], 9672, 'medium', false, true, ARRAY[]::text[], '2025-09-19', 530, '/games/art/deep-blue-pearls.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'blue-harbour') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Deep Blue Pearls', engine = 'blue-harbour:deep-blue-pearls', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9672, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'deep-blue-pearls';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'deep-blue-pearls' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'dd3de41e-409c-54b0-8d71-58032c53419e', 'harbour-lights', 'Harbour Lights', 'blue-harbour', 'provider', 'blue-harbour:harbour-lights', ARRAY['slots']::text[], ARRAY['video-slot', 'low']::text[], 9471, 'low', false, true, ARRAY[]::text[], '2024-08-08', 290, '/games/art/harbour-lights.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'blue-harbour') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Harbour Lights', engine = 'blue-harbour:harbour-lights', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'low']::text[], rtp_bp = 9471, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'harbour-lights';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'harbour-lights' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'a1982944-5438-5460-92a1-706989c17c5f', 'krakens-call', 'Kraken’s Call', 'blue-harbour', 'provider', 'blue-harbour:krakens-call', ARRAY['slots', 'new', 'popular']::text[], ARRAY['video-slot', 'medium']::text[], 9578, 'medium', false, true, ARRAY[]::text[], '2026-10-05', 790, '/games/art/krakens-call.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'blue-harbour') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Kraken’s Call', engine = 'blue-harbour:krakens-call', categories = ARRAY['slots', 'new', 'popular']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9578, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'krakens-call';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'krakens-call' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'fd3c75bc-f9d5-521d-9e08-39ccacaebfe7', 'pirate-plunder', 'Pirate Plunder', 'blue-harbour', 'provider', 'blue-harbour:pirate-plunder', ARRAY['slots']::text[], ARRAY['video-slot', 'high']::text[], 9539, 'high', false, true, ARRAY[]::text[], '2025-04-25', 650, '/games/art/pirate-plunder.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'blue-harbour') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Pirate Plunder', engine = 'blue-harbour:pirate-plunder', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9539, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'pirate-plunder';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'pirate-plunder' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'f44727d2-4234-55a9-aeb5-4fa123f51ef4', 'sails-of-fortune', 'Sails of Fortune', 'blue-harbour', 'provider', 'blue-harbour:sails-of-fortune', ARRAY['slots', 'new']::text[], ARRAY['video-slot', 'medium']::text[], 9670, 'medium', false, true, ARRAY[]::text[], '2026-11-15', 430, '/games/art/sails-of-fortune.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'blue-harbour') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Sails of Fortune', engine = 'blue-harbour:sails-of-fortune', categories = ARRAY['slots', 'new']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9670, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'sails-of-fortune';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'sails-of-fortune' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'f37f52eb-4a76-5bda-9722-ceb432978e57', 'tidal-riches', 'Tidal Riches', 'blue-harbour', 'provider', 'blue-harbour:tidal-riches', ARRAY['slots', 'new']::text[], ARRAY['video-slot', 'high']::text[], 9407, 'high', false, true, ARRAY[]::text[], '2026-11-18', 370, '/games/art/tidal-riches.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'blue-harbour') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Tidal Riches', engine = 'blue-harbour:tidal-riches', categories = ARRAY['slots', 'new']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9407, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'tidal-riches';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'tidal-riches' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '7475db58-945f-5729-86db-969d7b3c6814', 'mermaid-lagoon', 'Mermaid Lagoon', 'blue-harbour', 'provider', 'blue-harbour:mermaid-lagoon', ARRAY['slots']::text[], ARRAY['video-slot', 'high']::text[], 9551, 'high', false, true, ARRAY[]::text[], '2026-08-12', 470, '/games/art/mermaid-lagoon.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'blue-harbour') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Mermaid Lagoon', engine = 'blue-harbour:mermaid-lagoon', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9551, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'mermaid-lagoon';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'mermaid-lagoon' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '2347f0db-a27b-5e9c-a76e-5898a4fe4012', 'lighthouse-link', 'Lighthouse Link', 'blue-harbour', 'provider', 'blue-harbour:lighthouse-link', ARRAY['slots', 'new']::text[], ARRAY['video-slot', 'high']::text[], 9547, 'high', false, true, ARRAY[]::text[], '2026-10-08', 610, '/games/art/lighthouse-link.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'blue-harbour') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Lighthouse Link', engine = 'blue-harbour:lighthouse-link', categories = ARRAY['slots', 'new']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9547, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'lighthouse-link';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'lighthouse-link' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'b4668530-2ac4-51f0-91dc-a6ea0e935b82', 'starlight-spins', 'Starlight Spins', 'demo-studio', 'provider', 'demo-studio:starlight-spins', ARRAY['slots']::text[], ARRAY['video-slot', 'low']::text[], 9569, 'low', false, true, ARRAY[]::text[], '2026-06-30', 570, '/games/art/starlight-spins.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'demo-studio') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Starlight Spins', engine = 'demo-studio:starlight-spins', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'low']::text[], rtp_bp = 9569, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'starlight-spins';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'starlight-spins' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'db9771dc-44c1-52f8-b0a5-6e953e23398d', 'neon-nights', 'Neon Nights', 'demo-studio', 'provider', 'demo-studio:neon-nights', ARRAY['slots', 'new', 'popular']::text[], ARRAY['video-slot', 'medium']::text[], 9574, 'medium', false, true, ARRAY[]::text[], '2026-10-12', 680, '/games/art/neon-nights.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'demo-studio') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Neon Nights', engine = 'demo-studio:neon-nights', categories = ARRAY['slots', 'new', 'popular']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9574, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'neon-nights';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'neon-nights' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'fed1dc49-db41-5a88-ab92-0fe505ccd052', 'candy-castle', 'Candy Castle', 'demo-studio', 'provider', 'demo-studio:candy-castle', ARRAY['slots']::text[], ARRAY['video-slot', 'medium']::text[], 9649, 'medium', false, true, ARRAY[]::text[], '2025-02-22', 340, '/games/art/candy-castle.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'demo-studio') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Candy Castle', engine = 'demo-studio:candy-castle', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9649, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'candy-castle';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'candy-castle' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '44cbbe29-cf00-5d0f-82a4-044ee940d8ef', 'cosmic-cash', 'Cosmic Cash', 'demo-studio', 'provider', 'demo-studio:cosmic-cash', ARRAY['slots', 'popular']::text[], ARRAY['video-slot', 'medium']::text[], 9493, 'medium', false, true, ARRAY['PL', 'FI']::text[], '2025-11-25', 730, '/games/art/cosmic-cash.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'demo-studio') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Cosmic Cash', engine = 'demo-studio:cosmic-cash', categories = ARRAY['slots', 'popular']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9493, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'cosmic-cash';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'cosmic-cash' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '0e97e7a6-2bcc-5cea-b403-e27a28543fab', 'jungle-gems', 'Jungle Gems', 'demo-studio', 'provider', 'demo-studio:jungle-gems', ARRAY['slots']::text[], ARRAY['video-slot', 'high']::text[], 9561, 'high', false, true, ARRAY[]::text[], '2024-12-24', 400, '/games/art/jungle-gems.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'demo-studio') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Jungle Gems', engine = 'demo-studio:jungle-gems', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9561, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'jungle-gems';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'jungle-gems' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '5d9dbc30-0217-5f8b-b88c-a693c014065f', 'samurai-spirit', 'Samurai Spirit', 'demo-studio', 'provider', 'demo-studio:samurai-spirit', ARRAY['slots']::text[], ARRAY['video-slot', 'high']::text[], 9581, 'high', false, true, ARRAY[]::text[], '2026-04-04', 550, '/games/art/samurai-spirit.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'demo-studio') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Samurai Spirit', engine = 'demo-studio:samurai-spirit', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9581, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'samurai-spirit';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'samurai-spirit' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'b896514c-5023-53fb-a2e5-54f0583e7bf1', 'space-miner', 'Space Miner', 'demo-studio', 'provider', 'demo-studio:space-miner', ARRAY['slots']::text[], ARRAY['video-slot', 'high']::text[], 9523, 'high', false, true, ARRAY[]::text[], '2025-10-31', 460, '/games/art/space-miner.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'demo-studio') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Space Miner', engine = 'demo-studio:space-miner', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9523, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'space-miner';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'space-miner' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'c7f65830-aad4-58a2-8412-b160a3c3cc88', 'pixel-fruits', 'Pixel Fruits', 'demo-studio', 'provider', 'demo-studio:pixel-fruits', ARRAY['slots']::text[], ARRAY['video-slot', 'low']::text[], 9454, 'low', false, true, ARRAY[]::text[], '2025-09-05', 350, '/games/art/pixel-fruits.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'demo-studio') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Pixel Fruits', engine = 'demo-studio:pixel-fruits', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'low']::text[], rtp_bp = 9454, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'pixel-fruits';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'pixel-fruits' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '34acb640-87e9-52d9-9e62-e44f47c596cc', 'robo-reactor', 'Robo Reactor', 'demo-studio', 'provider', 'demo-studio:robo-reactor', ARRAY['slots', 'new']::text[], ARRAY['video-slot', 'high']::text[], 9589, 'high', false, true, ARRAY[]::text[], '2026-11-05', 560, '/games/art/robo-reactor.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'demo-studio') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Robo Reactor', engine = 'demo-studio:robo-reactor', categories = ARRAY['slots', 'new']::text[], tags = ARRAY['video-slot', 'high']::text[], rtp_bp = 9589, volatility = 'high', is_live = false, has_demo = true WHERE slug = 'robo-reactor';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'robo-reactor' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '27af904e-6004-5479-9104-eb263ae0fbd5', 'lucky-bubbles', 'Lucky Bubbles', 'demo-studio', 'provider', 'demo-studio:lucky-bubbles', ARRAY['slots']::text[], ARRAY['video-slot', 'medium']::text[], 9568, 'medium', false, true, ARRAY[]::text[], '2026-07-18', 420, '/games/art/lucky-bubbles.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'demo-studio') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Lucky Bubbles', engine = 'demo-studio:lucky-bubbles', categories = ARRAY['slots']::text[], tags = ARRAY['video-slot', 'medium']::text[], rtp_bp = 9568, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'lucky-bubbles';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'lucky-bubbles' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '4069d627-271f-5957-92c6-e90b1ff5ff75', 'northern-blackjack', 'Northern Blackjack', 'northern-lights', 'provider', 'northern-lights:northern-blackjack', ARRAY['table-games']::text[], ARRAY['blackjack', 'low']::text[], 9959, 'low', false, true, ARRAY[]::text[], '2025-02-11', 590, '/games/art/northern-blackjack.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'northern-lights') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Northern Blackjack', engine = 'northern-lights:northern-blackjack', categories = ARRAY['table-games']::text[], tags = ARRAY['blackjack', 'low']::text[], rtp_bp = 9959, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'northern-blackjack';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'northern-blackjack' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '026fe523-c112-5987-b9a4-8706eac7c609', 'demo-blackjack', 'Demo Blackjack', 'demo-studio', 'provider', 'demo-studio:demo-blackjack', ARRAY['table-games']::text[], ARRAY['blackjack', 'low']::text[], 9937, 'low', false, true, ARRAY[]::text[], '2025-05-15', 270, '/games/art/demo-blackjack.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'demo-studio') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Demo Blackjack', engine = 'demo-studio:demo-blackjack', categories = ARRAY['table-games']::text[], tags = ARRAY['blackjack', 'low']::text[], rtp_bp = 9937, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'demo-blackjack';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'demo-blackjack' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'd47604d9-0227-5b4e-9881-e3140a227a07', 'baccarat-gold', 'Baccarat Gold', 'golden-reel', 'provider', 'golden-reel:baccarat-gold', ARRAY['table-games']::text[], ARRAY['baccarat', 'low']::text[], 9894, 'low', false, true, ARRAY[]::text[], '2025-04-04', 510, '/games/art/baccarat-gold.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'golden-reel') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Baccarat Gold', engine = 'golden-reel:baccarat-gold', categories = ARRAY['table-games']::text[], tags = ARRAY['baccarat', 'low']::text[], rtp_bp = 9894, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'baccarat-gold';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'baccarat-gold' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET slug = 'baccarat-squeeze', title = 'Baccarat Squeeze', engine = 'red-fox:baccarat-squeeze', categories = ARRAY['table-games']::text[], tags = ARRAY['baccarat', 'low']::text[], rtp_bp = 9854, volatility = 'low', is_live = false, has_demo = true, thumbnail_url = '/games/art/baccarat-squeeze.svg', restricted_countries = ARRAY['FR']::text[] WHERE slug = 'live-baccarat-squeeze';
--> statement-breakpoint
DELETE FROM "game_stake_limits" WHERE game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-squeeze');
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT (SELECT id FROM "games" WHERE slug = 'baccarat-squeeze'), currency, min_minor, max_minor FROM "game_stake_limits" WHERE game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold');
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '6b758d64-74eb-5c9a-a59e-ca921daeee3b', 'video-poker-jacks', 'Video Poker Jacks', 'demo-studio', 'provider', 'demo-studio:video-poker-jacks', ARRAY['table-games']::text[], ARRAY['video-poker', 'medium']::text[], 9936, 'medium', false, true, ARRAY[]::text[], '2024-04-04', 230, '/games/art/video-poker-jacks.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'demo-studio') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Video Poker Jacks', engine = 'demo-studio:video-poker-jacks', categories = ARRAY['table-games']::text[], tags = ARRAY['video-poker', 'medium']::text[], rtp_bp = 9936, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'video-poker-jacks';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'video-poker-jacks' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'efd6344d-caf1-559f-9bda-77da22bb9844', 'red-fox-poker', 'Red Fox Poker', 'red-fox', 'provider', 'red-fox:red-fox-poker', ARRAY['table-games']::text[], ARRAY['video-poker', 'medium']::text[], 9913, 'medium', false, true, ARRAY[]::text[], '2025-06-16', 350, '/games/art/red-fox-poker.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'red-fox') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Red Fox Poker', engine = 'red-fox:red-fox-poker', categories = ARRAY['table-games']::text[], tags = ARRAY['video-poker', 'medium']::text[], rtp_bp = 9913, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'red-fox-poker';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'red-fox-poker' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '4f90d5f7-35f5-5395-93cf-2ffc0e7e3520', 'casino-holdem', 'Casino Hold’em', 'red-fox', 'provider', 'red-fox:casino-holdem', ARRAY['table-games']::text[], ARRAY['holdem', 'medium']::text[], 9807, 'medium', false, true, ARRAY[]::text[], '2024-11-11', 420, '/games/art/casino-holdem.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'red-fox') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Casino Hold’em', engine = 'red-fox:casino-holdem', categories = ARRAY['table-games']::text[], tags = ARRAY['holdem', 'medium']::text[], rtp_bp = 9807, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'casino-holdem';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'casino-holdem' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET slug = 'nord-hi-lo', title = 'Nord Hi-Lo', engine = 'northern-lights:nord-hi-lo', categories = ARRAY['table-games', 'popular']::text[], tags = ARRAY['hilo', 'low']::text[], rtp_bp = 9774, volatility = 'low', is_live = false, has_demo = true, thumbnail_url = '/games/art/nord-hi-lo.svg', restricted_countries = ARRAY[]::text[] WHERE slug = 'live-blackjack-nord';
--> statement-breakpoint
DELETE FROM "game_stake_limits" WHERE game_id = (SELECT id FROM "games" WHERE slug = 'nord-hi-lo');
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT (SELECT id FROM "games" WHERE slug = 'nord-hi-lo'), currency, min_minor, max_minor FROM "game_stake_limits" WHERE game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold');
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'ffd2601d-4a73-5c57-99e0-cbca5991f315', 'coral-keno', 'Coral Keno', 'blue-harbour', 'provider', 'blue-harbour:coral-keno', ARRAY['table-games']::text[], ARRAY['keno', 'medium']::text[], 9498, 'medium', false, true, ARRAY[]::text[], '2024-07-07', 210, '/games/art/coral-keno.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'blue-harbour') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Coral Keno', engine = 'blue-harbour:coral-keno', categories = ARRAY['table-games']::text[], tags = ARRAY['keno', 'medium']::text[], rtp_bp = 9498, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'coral-keno';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'coral-keno' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'ae67038b-d2cc-5fff-b087-ed67d1da7a29', 'lighthouse-bingo', 'Lighthouse Bingo', 'blue-harbour', 'provider', 'blue-harbour:lighthouse-bingo', ARRAY['table-games']::text[], ARRAY['bingo', 'medium']::text[], 9577, 'medium', false, true, ARRAY[]::text[], '2024-05-05', 180, '/games/art/lighthouse-bingo.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'blue-harbour') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Lighthouse Bingo', engine = 'blue-harbour:lighthouse-bingo', categories = ARRAY['table-games']::text[], tags = ARRAY['bingo', 'medium']::text[], rtp_bp = 9577, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'lighthouse-bingo';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'lighthouse-bingo' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '208cc06d-b6bc-54d2-be93-bcdc365db7e2', 'lucky-plinko', 'Lucky Plinko', 'golden-reel', 'provider', 'golden-reel:lucky-plinko', ARRAY['crash']::text[], ARRAY['plinko', 'medium']::text[], 9900, 'medium', false, true, ARRAY[]::text[], '2026-07-07', 560, '/games/art/lucky-plinko.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'golden-reel') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Lucky Plinko', engine = 'golden-reel:lucky-plinko', categories = ARRAY['crash']::text[], tags = ARRAY['plinko', 'medium']::text[], rtp_bp = 9900, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'lucky-plinko';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'lucky-plinko' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '9ff690d0-9678-54cb-8b6c-b530b626812f', 'anchor-roulette', 'Anchor Roulette', 'blue-harbour', 'provider', 'blue-harbour:anchor-roulette', ARRAY['table-games']::text[], ARRAY['roulette', 'low']::text[], 9730, 'low', false, true, ARRAY[]::text[], '2025-03-03', 360, '/games/art/anchor-roulette.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'blue-harbour') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Anchor Roulette', engine = 'blue-harbour:anchor-roulette', categories = ARRAY['table-games']::text[], tags = ARRAY['roulette', 'low']::text[], rtp_bp = 9730, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'anchor-roulette';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'anchor-roulette' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET slug = 'speed-roulette', title = 'Speed Roulette', engine = 'northern-lights:speed-roulette', categories = ARRAY['table-games', 'popular']::text[], tags = ARRAY['roulette', 'low']::text[], rtp_bp = 9730, volatility = 'low', is_live = false, has_demo = true, thumbnail_url = '/games/art/speed-roulette.svg', restricted_countries = ARRAY[]::text[] WHERE slug = 'speed-roulette-live';
--> statement-breakpoint
DELETE FROM "game_stake_limits" WHERE game_id = (SELECT id FROM "games" WHERE slug = 'speed-roulette');
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT (SELECT id FROM "games" WHERE slug = 'speed-roulette'), currency, min_minor, max_minor FROM "game_stake_limits" WHERE game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold');
--> statement-breakpoint
UPDATE "games" SET slug = 'sic-bo', title = 'Sic Bo', engine = 'blue-harbour:sic-bo', categories = ARRAY['table-games']::text[], tags = ARRAY['sicbo', 'low']::text[], rtp_bp = 9722, volatility = 'low', is_live = false, has_demo = true, thumbnail_url = '/games/art/sic-bo.svg', restricted_countries = ARRAY[]::text[] WHERE slug = 'live-sic-bo';
--> statement-breakpoint
DELETE FROM "game_stake_limits" WHERE game_id = (SELECT id FROM "games" WHERE slug = 'sic-bo');
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT (SELECT id FROM "games" WHERE slug = 'sic-bo'), currency, min_minor, max_minor FROM "game_stake_limits" WHERE game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold');
--> statement-breakpoint
UPDATE "games" SET slug = 'golden-wheel', title = 'Golden Wheel', engine = 'golden-reel:golden-wheel', categories = ARRAY['table-games', 'popular']::text[], tags = ARRAY['wheel', 'low']::text[], rtp_bp = 9598, volatility = 'low', is_live = false, has_demo = true, thumbnail_url = '/games/art/golden-wheel.svg', restricted_countries = ARRAY[]::text[] WHERE slug = 'golden-wheel-live';
--> statement-breakpoint
DELETE FROM "game_stake_limits" WHERE game_id = (SELECT id FROM "games" WHERE slug = 'golden-wheel');
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT (SELECT id FROM "games" WHERE slug = 'golden-wheel'), currency, min_minor, max_minor FROM "game_stake_limits" WHERE game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold');
--> statement-breakpoint
UPDATE "games" SET slug = 'dream-catcher-wheel', title = 'Dream Catcher Wheel', engine = 'demo-studio:dream-catcher-wheel', categories = ARRAY['table-games']::text[], tags = ARRAY['wheel', 'low']::text[], rtp_bp = 9531, volatility = 'low', is_live = false, has_demo = true, thumbnail_url = '/games/art/dream-catcher-wheel.svg', restricted_countries = ARRAY[]::text[] WHERE slug = 'live-dream-catcher';
--> statement-breakpoint
DELETE FROM "game_stake_limits" WHERE game_id = (SELECT id FROM "games" WHERE slug = 'dream-catcher-wheel');
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT (SELECT id FROM "games" WHERE slug = 'dream-catcher-wheel'), currency, min_minor, max_minor FROM "game_stake_limits" WHERE game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold');
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '5aa77d98-0d6b-5e5b-812a-824967c59dff', 'sunset-scratch', 'Sunset Scratch', 'red-fox', 'provider', 'red-fox:sunset-scratch', ARRAY['table-games', 'new']::text[], ARRAY['scratch', 'medium']::text[], 9600, 'medium', false, true, ARRAY[]::text[], '2026-09-27', 260, '/games/art/sunset-scratch.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'red-fox') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Sunset Scratch', engine = 'red-fox:sunset-scratch', categories = ARRAY['table-games', 'new']::text[], tags = ARRAY['scratch', 'medium']::text[], rtp_bp = 9600, volatility = 'medium', is_live = false, has_demo = true WHERE slug = 'sunset-scratch';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'sunset-scratch' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'baccarat-gold') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT '31d48107-f43d-53c9-8768-3620a27d8540', 'ice-crash', 'Ice Crash', 'northern-lights', 'provider', 'northern-lights:ice-crash', ARRAY['crash']::text[], ARRAY['crash', 'low']::text[], 9700, 'low', false, true, ARRAY[]::text[], '2026-06-06', 610, '/games/art/ice-crash.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'northern-lights') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Ice Crash', engine = 'northern-lights:ice-crash', categories = ARRAY['crash']::text[], tags = ARRAY['crash', 'low']::text[], rtp_bp = 9700, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'ice-crash';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'ice-crash' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'cd592dcc-ff2a-5c4d-81f1-d000652e68f4', 'rocket-fox', 'Rocket Fox', 'red-fox', 'provider', 'red-fox:rocket-fox', ARRAY['crash', 'new']::text[], ARRAY['crash', 'low']::text[], 9650, 'low', false, true, ARRAY['GB', 'NO']::text[], '2026-09-01', 660, '/games/art/rocket-fox.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'red-fox') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Rocket Fox', engine = 'red-fox:rocket-fox', categories = ARRAY['crash', 'new']::text[], tags = ARRAY['crash', 'low']::text[], rtp_bp = 9650, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'rocket-fox';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'rocket-fox' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'd589826f-ccf3-543c-b968-42eda3a93336', 'mega-balloon', 'Mega Balloon', 'demo-studio', 'provider', 'demo-studio:mega-balloon', ARRAY['crash', 'new']::text[], ARRAY['crash', 'low']::text[], 9700, 'low', false, true, ARRAY[]::text[], '2026-10-25', 590, '/games/art/mega-balloon.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'demo-studio') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Mega Balloon', engine = 'demo-studio:mega-balloon', categories = ARRAY['crash', 'new']::text[], tags = ARRAY['crash', 'low']::text[], rtp_bp = 9700, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'mega-balloon';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'mega-balloon' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "games" (id, slug, title, provider_id, kind, engine, categories, tags, rtp_bp, volatility, is_live, has_demo, restricted_countries, release_date, popularity, thumbnail_url) SELECT 'a3ff4d8f-4e7b-5868-ba8f-ca2bc80d4972', 'jet-harbour', 'Jet Harbour', 'blue-harbour', 'provider', 'blue-harbour:jet-harbour', ARRAY['crash']::text[], ARRAY['crash', 'low']::text[], 9600, 'low', false, true, ARRAY[]::text[], '2025-07-30', 390, '/games/art/jet-harbour.svg' WHERE EXISTS (SELECT 1 FROM "game_providers" WHERE id = 'blue-harbour') ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "games" SET title = 'Jet Harbour', engine = 'blue-harbour:jet-harbour', categories = ARRAY['crash']::text[], tags = ARRAY['crash', 'low']::text[], rtp_bp = 9600, volatility = 'low', is_live = false, has_demo = true WHERE slug = 'jet-harbour';
--> statement-breakpoint
INSERT INTO "game_stake_limits" (game_id, currency, min_minor, max_minor) SELECT g.id, l.currency, l.min_minor, l.max_minor FROM "games" g CROSS JOIN "game_stake_limits" l WHERE g.slug = 'jet-harbour' AND l.game_id = (SELECT id FROM "games" WHERE slug = 'fjord-fortune') ON CONFLICT DO NOTHING;
