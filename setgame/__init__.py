"""setgame study (work in progress)."""
