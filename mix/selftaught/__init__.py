"""The self-taught player: its TD(0) self-play training and weights file (``training``, one game
in ``selfplay``), the player as an agent (``agent``) and its study (``study``); beneath them its
threat and parity counts (``threatfeatures``, ``threatsteps``), the learned evaluation
(``evaluation``) and its alpha-beta search (``evalsearch``, ``evalnodes``, ``evalfrontier``,
``evalscores``). ``python -m mix.selftaught train`` reproduces the shipped weights."""
