CREATE TABLE "expense_day_totals" (
	"organization_id" uuid NOT NULL,
	"date" date NOT NULL,
	"currency" text NOT NULL,
	"match_status" text NOT NULL,
	"count" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "expense_day_totals_organization_id_date_currency_match_status_pk" PRIMARY KEY("organization_id","date","currency","match_status")
);
--> statement-breakpoint
CREATE TABLE "subscription_totals" (
	"organization_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"archived" boolean NOT NULL,
	"count" bigint NOT NULL,
	"monthly_minor" bigint NOT NULL,
	"annual_minor" bigint NOT NULL,
	CONSTRAINT "subscription_totals_organization_id_currency_status_archived_pk" PRIMARY KEY("organization_id","currency","status","archived")
);
--> statement-breakpoint
ALTER TABLE "expense_day_totals" ADD CONSTRAINT "expense_day_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_totals" ADD CONSTRAINT "subscription_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;