"""The MIX algorithms as one would write them first, in plain Python on a ``Board`` that plays
and undoes moves: the value-table alpha-beta (``alphabeta``), the exact solver (``solver``) and
the self-taught player's search (``selftaught``) and its self-play training (``selfplay``). The
library's fast versions (``mix.search`` with ``mix.horizon``, ``mix.solver``, ``mix.evalsearch``
with ``mix.threatsteps``, ``mix.selfplay``) are tested
to give the same moves, values and game values, and ``bench/bench_mix*.py`` time them against
these. (The report's learner, ``mix.learn``, is plain already.)"""
