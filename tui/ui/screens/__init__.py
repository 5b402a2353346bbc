"""Full screens of the app: the library (list + reader) and the dialogs on top of it."""
