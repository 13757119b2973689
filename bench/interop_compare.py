"""Gymnasium and PettingZoo steps per CPU second of two source trees, in alternating runs, in one mode.

    .venv/bin/python bench/interop_compare.py --before /tmp/old/src --mode compiled --rounds 3 --steps 15000
    .venv/bin/python bench/interop_compare.py --before /tmp/old/src --before-mode pure --mode compiled

`--before` is the `src` folder of another checkout (for the compiled mode, run `scripts/build-compiled` in it
first; `--before-mode pure` times it in pure Python, as a tree from before the compiled build runs); the other tree
is this one. Each round runs one process per tree, the older first, each timing
`bench/interop_speed.py`'s Gymnasium and PettingZoo loops per game after a short warm-up; the medians over the
rounds and their ratio are printed. Alternating the trees spreads a shared machine's load over both alike.
`--driver mask` makes both trees' loops draw from the action mask (a tree from before `info["legal_actions"]`
always does).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from functools import partial
from pathlib import Path

from alternating import Figures, compare
from interop_speed import DRIVERS

HERE = Path(__file__).resolve().parent
WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[2])
import dwarfhall
import interop_speed as bench
out = {"mode": getattr(dwarfhall, "MODE", "pure"), "file": dwarfhall.__file__}  # a tree older than the build: pure
steps = int(sys.argv[1])
for name in ("duel", "alewar", "spring"):
    for layer, run in (("Gymnasium", bench.gymnasium), ("PettingZoo", bench.pettingzoo)):
        run(name, 50, 1, driver=sys.argv[3])
        cpu = time.process_time()
        done = run(name, steps, 1, driver=sys.argv[3])
        out[f"{layer} {name}"] = done / (time.process_time() - cpu)
print(json.dumps(out))
"""


def run(src: str, mode: str, steps: int, driver: str) -> Figures:
    env = dict(os.environ, PYTHONPATH=src)
    env.pop("DWARFHALL_PURE", None)
    if mode == "pure":
        env["DWARFHALL_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(steps), str(HERE), driver],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(done.stdout)
    if out.pop("mode") != mode or not str(out.pop("file")).startswith(src):
        raise SystemExit(f"{src} did not run in {mode} mode (is its compiled build there and current?)")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", required=True, help="the src folder of the older tree")
    parser.add_argument("--mode", choices=("pure", "compiled"), default="compiled")
    parser.add_argument("--before-mode", choices=("pure", "compiled"), help="the older tree's mode (default --mode)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=15000, help="actions per game, layer and run")
    parser.add_argument(
        "--driver",
        choices=DRIVERS,
        default="ids",
        help="the loops draw from info['legal_actions'] where a tree has it (ids) or from the mask in both (mask)",
    )
    args = parser.parse_args()
    trees = {"before": str(Path(args.before).resolve()), "after": str(HERE.parent / "src")}
    modes = {"before": args.before_mode or args.mode, "after": args.mode}
    runs = {tree: partial(run, src, modes[tree], args.steps, args.driver) for tree, src in trees.items()}
    rows = compare(runs, args.rounds)
    print(f"| steps per CPU second ({modes['before']} before, {modes['after']} after) | before | after | ratio |")
    print("| --- | ---: | ---: | ---: |")
    for key, before, after, ratio in rows:
        print(f"| {key} | {before:,.0f} | {after:,.0f} | {ratio:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
