"""The MIX algorithms as one would write them first, in plain Python on a ``Board`` that plays
and undoes moves: the engine scanned cell by cell (``board``), the value-table alpha-beta
(``alphabeta``), the exact solver (``solver``, with the public calls,
which choose its fast twin ``mix.fast.solver`` by ``fast=True``), the self-taught player's search (``selftaught``)
and its self-play training (``selfplay``).
The library's fast versions (``mix.board`` with ``mix.features``, ``mix.search.alphabeta`` with
``mix.search.horizon``, ``mix.selftaught.evalsearch`` with
``mix.selftaught.threatsteps``, ``mix.selftaught.selfplay``) are tested to give the same moves,
values, game values and weights, and ``bench/bench_mix*.py`` time them against these. (The report's
learner, ``mix.learn``, is plain already.)"""
