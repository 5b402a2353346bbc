"""The library on disk: TinyDB files written atomically, one writer per folder, backups of the annotations and a record of what was written, ordered saves."""
