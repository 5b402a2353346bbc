"""Reading papers in: files of every format become Paper records, merged with the library by the planner."""
