"""The use cases: one module per verb, named as the command line names it; each takes an open `core.library.Library`.

    import                   imports.py   (files, folders, notes exports, standard input; Zotero through zotero.py)
    import --zotero          zotero.py
    add, fetch               add.py       (papers fetched by id, a venue or a listing, merged in)
    list, show               list.py      (the papers a filter query matches; the search index)
    list --sort for-me, about:, related   rank.py   (the ranking engine loaded or built; what "for me" learns)
    author                   author.py    (one person's papers in every spelling, the app's author page)
    follow, unfollow, following  follow.py  (followed authors: `followed:`, the list's mark, an import's count)
    rate, status, tag, note  edit.py      (one paper's annotation, from the command line)
    export                   export.py
    sync                     sync.py      (a vault of per-paper Markdown files, through git with --git)
    remove                   remove.py
    restore                  restore.py
    rename-list              rename.py
    backups                  backups.py   (the copies of the annotations and the trash; restoring one)
    cite, key                cite.py
    group                    group.py
    versions, split          versions.py  (papers stored twice as two versions: listed, merged, split again)
    the app's annotating     annotate.py  (what a change changes, its save, its undo)
    the app's session        open.py      (the library and its index for a whole session; what `o` and `open` open), resume.py

The command line and the tests open a folder for them with `library.opened`;
a use case that writes asks `store.guard.writable` first. Nothing here is
imported by the package itself: each verb loads only what it needs.
"""
