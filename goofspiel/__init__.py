"""goofspiel study (work in progress)."""
