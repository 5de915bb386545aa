CREATE TABLE "insight_comments" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_comments_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "insight_opportunities" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"explanation" text NOT NULL,
	"narrative" text,
	"narrative_of" text,
	"evidence" jsonb NOT NULL,
	"saving_minor" bigint,
	"counted_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"arithmetic" text,
	"saving_unavailable" text,
	"confidence" text NOT NULL,
	"confidence_reason" text NOT NULL,
	"application_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"person_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"claims" jsonb NOT NULL,
	"action_path" text NOT NULL,
	"action_text" text NOT NULL,
	"detected" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"owner_user_id" uuid,
	"due_date" date,
	"snoozed_until" date,
	"dismiss_reason" text,
	"dismiss_note" text,
	"dismissed_saving_minor" bigint,
	"baseline" jsonb,
	"realized_minor" bigint,
	"realized_source" text,
	"after_annual_minor" bigint,
	"realized_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_opportunities_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "insight_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"generated_at" timestamp with time zone,
	"refresh_requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_comments" ADD CONSTRAINT "insight_comments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_comments" ADD CONSTRAINT "insight_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_comments" ADD CONSTRAINT "insight_comments_opportunity_fk" FOREIGN KEY ("organization_id","opportunity_id") REFERENCES "public"."insight_opportunities"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_opportunities" ADD CONSTRAINT "insight_opportunities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_opportunities" ADD CONSTRAINT "insight_opportunities_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_settings" ADD CONSTRAINT "insight_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_comments_org_opportunity_idx" ON "insight_comments" USING btree ("organization_id","opportunity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insight_opportunities_key_idx" ON "insight_opportunities" USING btree ("organization_id","key");--> statement-breakpoint
CREATE INDEX "insight_opportunities_org_state_idx" ON "insight_opportunities" USING btree ("organization_id","state","detected");--> statement-breakpoint
CREATE INDEX "insight_opportunities_org_realized_idx" ON "insight_opportunities" USING btree ("organization_id","realized_at");