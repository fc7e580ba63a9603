-- How an endpoint's deliveries are signed and labelled: our own x-bodyscan-* headers (default) or
-- the market service's prism-* headers, so a partner's existing listener accepts our events.
ALTER TABLE webhook_endpoints
  ADD COLUMN signature_style text NOT NULL DEFAULT 'bodyscan' CHECK (signature_style IN ('bodyscan', 'market'));
