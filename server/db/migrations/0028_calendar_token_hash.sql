-- Issue 24: the personal calendar feed's secret is kept as its SHA-256 (hex), like session tokens.
-- The column keeps its name; each existing secret is replaced by its hash, so existing feed
-- addresses keep working.
UPDATE "calendar_tokens" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
