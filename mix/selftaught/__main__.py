"""``python -m mix.selftaught train`` reproduces the shipped weights (``mix/selftaught.init``) by
self-play from zero; ``python -m mix.selftaught show`` prints a weights file."""

from __future__ import annotations

import argparse
from pathlib import Path

from mix.selftaught import training
from mix.selftaught.threatfeatures import NAMES
from mix.selftaught.training import (
    SHIPPED,
    SHIPPED_SEED,
    TDConfig,
    read_weights,
    save_weights,
    train_selftaught,
)


def main(argv: list[str] | None = None) -> None:
    """``train``: self-play from zero and write a weights file; ``show``: print one."""
    parser = argparse.ArgumentParser(prog="python -m mix.selftaught",
                                     description=training.__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    train = sub.add_parser("train", help="learn weights by self-play (defaults: the shipped run)")
    defaults = TDConfig()
    train.add_argument("--games", type=int, default=defaults.games)
    train.add_argument("--seed", type=int, default=SHIPPED_SEED)
    train.add_argument("--out", type=Path, default=SHIPPED)
    show = sub.add_parser("show", help="print a weights file")
    show.add_argument("path", type=Path, nargs="?", default=SHIPPED)
    args = parser.parse_args(argv)
    try:
        if args.command == "train":
            config = TDConfig(games=args.games)
            run = train_selftaught(config, args.seed, snapshots=config.games, progress=True)
            print(f"wrote {save_weights(args.out, run.weights, config, args.seed)}")
        else:
            w, config, seed = read_weights(args.path)
            print(f"{args.path}: {config}, seed {seed}")
            for v, name in sorted(zip(w, NAMES), key=lambda p: -abs(p[0])):
                print(f"{v:+8.3f}  {name}")
    except ValueError as error:
        parser.error(str(error))


if __name__ == "__main__":
    main()
