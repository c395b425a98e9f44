"""The self-taught player: its TD(0) self-play training and weights file (``training``), the
player as an agent (``agent``) and its study (``study``); beneath them its threat and parity
counts (``threatfeatures``) and the tactics read before any evaluation (``evaluation``). Its
plain evaluation, search and self-play are in ``mix.plain`` (``selftaught``, ``selfplay``), their
fast twins in ``mix.fast`` (``evaluation``; ``evalsearch`` with ``evalnodes``, ``evalfrontier``,
``evalscores`` and ``threatsteps``; ``selfplay``). ``python -m mix.selftaught train`` reproduces the shipped weights."""
