-- Citus-ready keys: tenant primary keys become (organization_id, id) and foreign keys between
-- tenant tables include organization_id. drizzle-kit cannot name the old primary keys: the
-- DROP CONSTRAINT "<table>_pkey" lines are written by hand (PostgreSQL's default names).
ALTER TABLE "subscription_price_changes" DROP CONSTRAINT "subscription_price_changes_subscription_id_subscriptions_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_category_id_settings_items_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_payment_method_id_settings_items_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_import_id_imports_id_fk";
--> statement-breakpoint
ALTER TABLE "expense_rules" DROP CONSTRAINT "expense_rules_subscription_id_subscriptions_id_fk";
--> statement-breakpoint
ALTER TABLE "expense_rules" DROP CONSTRAINT "expense_rules_category_id_settings_items_id_fk";
--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_subscription_id_subscriptions_id_fk";
--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_suggested_subscription_id_subscriptions_id_fk";
--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_payment_method_id_settings_items_id_fk";
--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_category_id_settings_items_id_fk";
--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_project_id_settings_items_id_fk";
--> statement-breakpoint
ALTER TABLE "attestation_tokens" DROP CONSTRAINT "attestation_tokens_assignment_id_license_assignments_id_fk";
--> statement-breakpoint
ALTER TABLE "license_assignments" DROP CONSTRAINT "license_assignments_pool_id_license_pools_id_fk";
--> statement-breakpoint
ALTER TABLE "license_assignments" DROP CONSTRAINT "license_assignments_person_id_people_id_fk";
--> statement-breakpoint
ALTER TABLE "license_pools" DROP CONSTRAINT "license_pools_subscription_id_subscriptions_id_fk";
--> statement-breakpoint
ALTER TABLE "people" DROP CONSTRAINT "people_manager_id_people_id_fk";
--> statement-breakpoint
ALTER TABLE "contract_documents" DROP CONSTRAINT "contract_documents_contract_id_contracts_id_fk";
--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_subscription_id_subscriptions_id_fk";
--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_replaces_contract_id_contracts_id_fk";
--> statement-breakpoint
ALTER TABLE "renewal_decisions" DROP CONSTRAINT "renewal_decisions_subscription_id_subscriptions_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk";
--> statement-breakpoint
DROP INDEX "invitations_token_hash_idx";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_pkey";--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_pkey";--> statement-breakpoint
ALTER TABLE "settings_items" DROP CONSTRAINT "settings_items_pkey";--> statement-breakpoint
ALTER TABLE "subscription_price_changes" DROP CONSTRAINT "subscription_price_changes_pkey";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_pkey";--> statement-breakpoint
ALTER TABLE "vendors" DROP CONSTRAINT "vendors_pkey";--> statement-breakpoint
ALTER TABLE "budgets" DROP CONSTRAINT "budgets_pkey";--> statement-breakpoint
ALTER TABLE "expense_import_batches" DROP CONSTRAINT "expense_import_batches_pkey";--> statement-breakpoint
ALTER TABLE "expense_rules" DROP CONSTRAINT "expense_rules_pkey";--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_pkey";--> statement-breakpoint
ALTER TABLE "attestation_tokens" DROP CONSTRAINT "attestation_tokens_pkey";--> statement-breakpoint
ALTER TABLE "license_assignments" DROP CONSTRAINT "license_assignments_pkey";--> statement-breakpoint
ALTER TABLE "license_pools" DROP CONSTRAINT "license_pools_pkey";--> statement-breakpoint
ALTER TABLE "people" DROP CONSTRAINT "people_pkey";--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_pkey";--> statement-breakpoint
ALTER TABLE "contract_documents" DROP CONSTRAINT "contract_documents_pkey";--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_pkey";--> statement-breakpoint
ALTER TABLE "renewal_decisions" DROP CONSTRAINT "renewal_decisions_pkey";--> statement-breakpoint
ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_pkey";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "settings_items" ADD CONSTRAINT "settings_items_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "subscription_price_changes" ADD CONSTRAINT "subscription_price_changes_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "expense_import_batches" ADD CONSTRAINT "expense_import_batches_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "expense_rules" ADD CONSTRAINT "expense_rules_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "attestation_tokens" ADD CONSTRAINT "attestation_tokens_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "license_assignments" ADD CONSTRAINT "license_assignments_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "license_pools" ADD CONSTRAINT "license_pools_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "renewal_decisions" ADD CONSTRAINT "renewal_decisions_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "subscription_price_changes" ADD CONSTRAINT "subscription_price_changes_subscription_fk" FOREIGN KEY ("organization_id","subscription_id") REFERENCES "public"."subscriptions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_vendor_fk" FOREIGN KEY ("organization_id","vendor_id") REFERENCES "public"."vendors"("organization_id","id") ON DELETE set null (vendor_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_category_fk" FOREIGN KEY ("organization_id","category_id") REFERENCES "public"."settings_items"("organization_id","id") ON DELETE set null (category_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_fk" FOREIGN KEY ("organization_id","payment_method_id") REFERENCES "public"."settings_items"("organization_id","id") ON DELETE set null (payment_method_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_import_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."imports"("organization_id","id") ON DELETE set null (import_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_rules" ADD CONSTRAINT "expense_rules_subscription_fk" FOREIGN KEY ("organization_id","subscription_id") REFERENCES "public"."subscriptions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_rules" ADD CONSTRAINT "expense_rules_category_fk" FOREIGN KEY ("organization_id","category_id") REFERENCES "public"."settings_items"("organization_id","id") ON DELETE set null (category_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_vendor_fk" FOREIGN KEY ("organization_id","vendor_id") REFERENCES "public"."vendors"("organization_id","id") ON DELETE set null (vendor_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_subscription_fk" FOREIGN KEY ("organization_id","subscription_id") REFERENCES "public"."subscriptions"("organization_id","id") ON DELETE set null (subscription_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_suggested_subscription_fk" FOREIGN KEY ("organization_id","suggested_subscription_id") REFERENCES "public"."subscriptions"("organization_id","id") ON DELETE set null (suggested_subscription_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_payment_method_fk" FOREIGN KEY ("organization_id","payment_method_id") REFERENCES "public"."settings_items"("organization_id","id") ON DELETE set null (payment_method_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_fk" FOREIGN KEY ("organization_id","category_id") REFERENCES "public"."settings_items"("organization_id","id") ON DELETE set null (category_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_project_fk" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."settings_items"("organization_id","id") ON DELETE set null (project_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_tokens" ADD CONSTRAINT "attestation_tokens_assignment_fk" FOREIGN KEY ("organization_id","assignment_id") REFERENCES "public"."license_assignments"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_assignments" ADD CONSTRAINT "license_assignments_pool_fk" FOREIGN KEY ("organization_id","pool_id") REFERENCES "public"."license_pools"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_assignments" ADD CONSTRAINT "license_assignments_person_fk" FOREIGN KEY ("organization_id","person_id") REFERENCES "public"."people"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_pools" ADD CONSTRAINT "license_pools_subscription_fk" FOREIGN KEY ("organization_id","subscription_id") REFERENCES "public"."subscriptions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_manager_fk" FOREIGN KEY ("organization_id","manager_id") REFERENCES "public"."people"("organization_id","id") ON DELETE set null (manager_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_contract_fk" FOREIGN KEY ("organization_id","contract_id") REFERENCES "public"."contracts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_subscription_fk" FOREIGN KEY ("organization_id","subscription_id") REFERENCES "public"."subscriptions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_replaces_fk" FOREIGN KEY ("organization_id","replaces_contract_id") REFERENCES "public"."contracts"("organization_id","id") ON DELETE set null (replaces_contract_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_decisions" ADD CONSTRAINT "renewal_decisions_subscription_fk" FOREIGN KEY ("organization_id","subscription_id") REFERENCES "public"."subscriptions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_fk" FOREIGN KEY ("organization_id","notification_id") REFERENCES "public"."notifications"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_idx" ON "invitations" USING btree ("organization_id","token_hash");