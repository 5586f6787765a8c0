// The outbox database's schema as numbered migrations (PRAGMA user_version = how many ran), run
// by history-schema's migrate: appended, never edited.

/**
 * v1: one row per message per contact point (the message itself as JSON: what is sent again after
 * a restart), a short log of attempts per contact point (what "keeps failing" is judged on) and
 * counters that only grow (the daemon's metrics).
 */
const V1 = `
CREATE TABLE message (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  contact_point TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  body TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  last_answer TEXT,
  created_at TEXT NOT NULL,
  next_attempt_at INTEGER NOT NULL,
  asked_until INTEGER,
  hold_until INTEGER,
  sent_at TEXT
) STRICT;
CREATE INDEX message_queue ON message (contact_point, status, seq);
CREATE TABLE attempt (
  id INTEGER PRIMARY KEY,
  contact_point TEXT NOT NULL,
  at INTEGER NOT NULL,
  ok INTEGER NOT NULL,
  said TEXT NOT NULL
) STRICT;
CREATE INDEX attempt_point ON attempt (contact_point, id);
CREATE TABLE counter (
  contact_point TEXT NOT NULL,
  outcome TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (contact_point, outcome)
) STRICT, WITHOUT ROWID;
`

export const OUTBOX_MIGRATIONS: readonly string[] = [V1]
