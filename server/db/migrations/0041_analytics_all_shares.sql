-- Analytics' groups gain rows summing every share (entity and brand ffffffff-…): what a question
-- without an entity or brand filter reads. Every organization with cells is marked whole, so its
-- answers come from the rollup until the job rebuilds its cells and groups with those rows.
INSERT INTO "analytics_spend_dirty" ("organization_id", "subscription_id")
SELECT DISTINCT "organization_id", NULL::uuid FROM "analytics_spend_cells";
