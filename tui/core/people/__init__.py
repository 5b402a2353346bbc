"""People (issue 44): one person in every spelling (`names`), their papers in a library (`person`)."""
