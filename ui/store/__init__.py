"""Where everything is kept: SQLite or PostgreSQL, the schema and its migrations, the
history's plays, the private files, the backup command. Over `ui.entry` (what it saves)."""
