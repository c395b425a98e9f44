"""catmouse's compiled implementations, each the twin of a plain function it names (issue 42)."""
