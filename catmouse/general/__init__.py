"""A fuller version 2: small policies for any board (features, rotations), trained on exact scores."""
