"""The library on disk: TinyDB files written atomically, one writer per folder, daily backups, ordered saves."""
