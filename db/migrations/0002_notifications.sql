CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"image" text,
	"url" text,
	"btn_text" text,
	"duration" integer DEFAULT 5 NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_duration_range" CHECK ("notifications"."duration" > 0 and "notifications"."duration" <= 600)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_player_created_idx" ON "notifications" USING btree ("player_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_player_unread_idx" ON "notifications" USING btree ("player_id","created_at" DESC NULLS LAST) WHERE not "notifications"."is_read";