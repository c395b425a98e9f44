"""catmouse study (work in progress)."""
