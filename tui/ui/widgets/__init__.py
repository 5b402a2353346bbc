"""Widgets the screens are built from; each renders data as Text, never as markup."""
