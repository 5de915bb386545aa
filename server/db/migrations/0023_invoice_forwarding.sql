CREATE TABLE "inbound_messages" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"kind" text DEFAULT 'unknown' NOT NULL,
	"reason" text,
	"transport" text NOT NULL,
	"message_id" text,
	"from_address" text DEFAULT '' NOT NULL,
	"to_address" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"raw_key" text NOT NULL,
	"raw_size" integer NOT NULL,
	"raw_sha256" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"document_sha256" text,
	"fields" jsonb,
	"field_confidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"confidence" real,
	"text" text DEFAULT '' NOT NULL,
	"vendor_key" text,
	"invoice_number" text,
	"total_minor" bigint,
	"currency" text,
	"confirmation" jsonb,
	"expense_id" uuid,
	"subscription_id" uuid,
	"duplicate_of_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"processed_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_messages_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_forwarding_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"allowed_senders" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_expense_fk" FOREIGN KEY ("organization_id","expense_id") REFERENCES "public"."expenses"("organization_id","id") ON DELETE set null (expense_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_subscription_fk" FOREIGN KEY ("organization_id","subscription_id") REFERENCES "public"."subscriptions"("organization_id","id") ON DELETE set null (subscription_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_forwarding_settings" ADD CONSTRAINT "invoice_forwarding_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_message_id_key" ON "inbound_messages" USING btree ("organization_id","message_id");--> statement-breakpoint
CREATE INDEX "inbound_messages_org_state_idx" ON "inbound_messages" USING btree ("organization_id","state","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_org_received_idx" ON "inbound_messages" USING btree ("organization_id","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_org_invoice_idx" ON "inbound_messages" USING btree ("organization_id","vendor_key","invoice_number");--> statement-breakpoint
CREATE INDEX "inbound_messages_org_document_idx" ON "inbound_messages" USING btree ("organization_id","document_sha256");--> statement-breakpoint
CREATE INDEX "inbound_messages_received_idx" ON "inbound_messages" USING btree ("received_at") WHERE state = 'received';--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_inbound_email_token_key" UNIQUE("inbound_email_token");