-- Partner webhooks (docs/webhooks.md). One endpoint per tenant: where its events go, and the
-- secret that signs them. Replacing it (a new URL or a rotated secret) is an upsert.
CREATE TABLE webhook_endpoints (
  partner_id text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  url text NOT NULL,
  signing_secret text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (partner_id, environment)
);

-- The outbox and the delivery log in one: a row per event, written in the transaction of the state
-- change it reports, beside its deliver-webhook job. `body` is the exact text sent and signed.
-- Kept forever (no pruning yet): it is the record of what each partner was told.
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  partner_id text NOT NULL,
  environment text NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  state text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'DELIVERED', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  last_status integer,
  last_error text,
  created_at timestamptz NOT NULL,
  last_attempt_at timestamptz,
  delivered_at timestamptz
);
-- The log is read per tenant, newest first; ids are UUIDv7, so id order is creation order.
CREATE INDEX webhook_deliveries_tenant ON webhook_deliveries (partner_id, environment, id);
