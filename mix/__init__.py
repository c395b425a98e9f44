"""mix study (work in progress)."""
