"""Finding papers: the filter query language, the word index that ranks by it, and the ranked result."""
