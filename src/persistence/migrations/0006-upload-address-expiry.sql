-- Direct uploads (S3 mode) are noticed by the workers' sweep, never by a read. A scan can receive a
-- direct upload only while an address handed out for it is valid (and a PUT begun just before the
-- expiry may still be finishing), so the sweep checks the CREATED scans whose latest address expires
-- after "now minus a grace" (upload-detection.ts), not every CREATED scan ever made: abandoned scans
-- drop out of the sweep instead of costing a HEAD request on every pass forever.
ALTER TABLE scans ADD COLUMN upload_url_expires_at timestamptz;
-- Scans already waiting when this runs: the expiry of their addresses was not recorded, so they are
-- swept as if they had been given an address of the longest allowed validity (7 days) now.
UPDATE scans SET upload_url_expires_at = now() + interval '7 days' WHERE status = 'CREATED';
CREATE INDEX scans_upload_address ON scans (id) WHERE status = 'CREATED' AND upload_url_expires_at IS NOT NULL;
