"""Related papers ("more like this"): a BM25 index over what each paper says, and the query a paper makes."""
