"""Reading a Zotero library (zotero.sqlite) from a private copy: the database found, copied, checked and read into papers."""
