"""A reading group over git: each library is one member, each member writes only `members/NAME.json`.

`state` (the membership in the library folder: `group.json`, comments, opt-ins),
`shared` (a member's file: what is shared, written sorted and stable, read back with
one-line errors), `match` (another member's papers met with this library's: DOI,
arXiv id, citation key, then title and year), `repo` (the clone: pull, commit, push
again when another member pushed in between), `board` (every member's marks on this
library's papers, and the papers only others have). `tui.core.usecases.group` is the use case.
"""
