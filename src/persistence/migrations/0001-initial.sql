-- Every tenant-owned row carries (partner_id, environment); every query filters on both.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  partner_id text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE TABLE service_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id text PRIMARY KEY,
  partner_id text NOT NULL,
  environment text NOT NULL,
  token text NOT NULL,
  email text,
  sex text NOT NULL,
  region text NOT NULL,
  usa_residence text,
  birth_date text NOT NULL,
  weight_value double precision NOT NULL,
  weight_unit text NOT NULL,
  height_value double precision NOT NULL,
  height_unit text NOT NULL,
  research_consent boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (partner_id, environment, token)
);

CREATE TABLE terms_acceptances (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  accepted boolean NOT NULL,
  version text NOT NULL,
  acceptance_date timestamptz NOT NULL
);
CREATE INDEX terms_acceptances_user ON terms_acceptances (user_id, acceptance_date);

CREATE TABLE scans (
  id text PRIMARY KEY,
  partner_id text NOT NULL,
  environment text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL,
  provider_scan_id text NOT NULL,
  device_config_name text NOT NULL,
  asset_config_id text NOT NULL,
  bodyfat_method text NOT NULL,
  weight_value double precision NOT NULL,
  weight_unit text NOT NULL,
  height_value double precision NOT NULL,
  height_unit text NOT NULL,
  failure_code text,
  failure_message text,
  measurements jsonb,
  bodyfat jsonb,
  processing jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX scans_tenant_id ON scans (partner_id, environment, id);
CREATE INDEX scans_user_id ON scans (user_id, id);
CREATE INDEX scans_status ON scans (status, updated_at);

CREATE TABLE scan_assets (
  id text PRIMARY KEY,
  scan_id text NOT NULL UNIQUE REFERENCES scans (id) ON DELETE CASCADE,
  capture_data text,
  capture_data_updated_at timestamptz,
  body text,
  body_updated_at timestamptz,
  fitted_body text,
  fitted_body_updated_at timestamptz,
  measurement text,
  measurement_updated_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE body_shape_predictions (
  id text PRIMARY KEY,
  partner_id text NOT NULL,
  environment text NOT NULL,
  scan_id text NOT NULL REFERENCES scans (id) ON DELETE CASCADE,
  status text NOT NULL,
  prediction_type text NOT NULL,
  target_weight double precision,
  target_bodyfat double precision,
  failure_code text,
  failure_message text,
  result jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX predictions_scan ON body_shape_predictions (scan_id, id);

-- Files stored for a scan or a prediction: one row per asset type.
CREATE TABLE stored_files (
  owner_id text NOT NULL,
  asset_key text NOT NULL,
  object_key text NOT NULL,
  content_type text NOT NULL,
  byte_size bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, asset_key)
);

-- The job queue (src/queue): a state change and its job commit in one transaction.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL,
  run_after timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  locked_by text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX jobs_ready ON jobs (state, run_after) WHERE state IN ('queued', 'running');
