"""Answer sizes: every tool's example answer (writers dry-run), plus the moves and copies of the largest files,
before and after the answer budget.

`raw` is the answer a tool gives without the budget (as `RunOptions(fit_budget=False)`), `sent` what the CLI's
`--json` and MCP send, against the budget (`unitycli.budget.ANSWER_BUDGET`). Each example runs on a fresh copy of
the project its descriptor names (the same rule as tests/scenes_tools/test_examples.py).
Usage: python bench/bench_answers.py [--top 15] [--per-tool]  (--per-tool: every tool's largest answer vs budget)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.scenes_tools.example_projects import example_project  # noqa: E402
from tests.scenes_tools.projects import SAMPLE, copy_project  # noqa: E402
from unitycli.budget import ANSWER_BUDGET, answer_size, fit  # noqa: E402
from unitycli.errors import UnityCliError  # noqa: E402
from unitycli.host.session import Session  # noqa: E402
from unitycli.runner import RunOptions, run_tool  # noqa: E402

TILES = "Assets/LlamAcademy/Minigolf/Resources/Tiles"
BIG = [  # (project, tool, input): the largest prefab (543 KB) and scene (1.17 MB) of the fixtures
    ("minigolf", "asset.rename", {"file": f"{TILES}/Hole Cube.prefab", "name": "Hole Box"}),
    ("minigolf", "asset.move", {"file": f"{TILES}/Hole Cube.prefab", "destination": "Assets/Hole Cube.prefab"}),
    ("minigolf", "asset.duplicate", {"file": f"{TILES}/Hole Cube.prefab"}),
    ("chicken-defense", "asset.rename", {"file": "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity",
                                         "name": "Arena"}),
    ("chicken-defense", "asset.delete", {"file": "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity",
                                         "force": True}),
]


def measure(folder: Path, project: str, tool: str, data: dict, read_only: bool) -> tuple[int, int] | str:
    root = copy_project(project, folder / f"p{len(list(folder.iterdir()))}")
    try:
        result = run_tool(Session(project_arg=str(root)).prepare(tool), data,
                          RunOptions(dry_run=not read_only, fit_budget=False))
    except UnityCliError as exc:
        return exc.code
    answer = result.model_dump(by_alias=True, mode="json", exclude={"overflow"})
    return answer_size(answer), answer_size(fit(tool, answer))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--per-tool", action="store_true", help="every tool's largest example answer")
    args = parser.parse_args()
    session = Session()
    rows: list[tuple[str, int, int]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for tool in sorted(session.registry.tools.values(), key=lambda t: t.spec.name):
            for index, example in enumerate(tool.spec.examples):
                where = example_project(tool.spec, index, SAMPLE)
                got = measure(folder, where, tool.spec.name, example, tool.spec.read_only)
                if isinstance(got, tuple):
                    rows.append((f"{tool.spec.name}[{index}]", *got))
        big = [(f"{tool} {data['file'].rsplit('/', 1)[-1]}", *got) for project, tool, data in BIG
               if isinstance(got := measure(folder, project, tool, data, False), tuple)]
    print(f"answer budget: {ANSWER_BUDGET} bytes")
    print(f"{'answer':58} {'raw':>10} {'sent':>8}")
    for name, raw, sent in big + sorted(rows, key=lambda r: -r[1])[:args.top]:
        print(f"{name[:58]:58} {raw:>10} {sent:>8}{'  (overflow)' if raw > ANSWER_BUDGET else ''}")
    if args.per_tool:
        largest: dict[str, tuple[int, int]] = {}
        for name, raw, sent in rows + [(f"{n.split(' ', 1)[0]}[big]", r, t) for n, r, t in big]:
            tool = name.split("[", 1)[0]
            largest[tool] = max(largest.get(tool, (0, 0)), (sent, raw))
        print(f"\nlargest answer per tool ({len(largest)} tools) vs the {ANSWER_BUDGET}-byte budget")
        for tool, (sent, raw) in sorted(largest.items(), key=lambda item: -item[1][0]):
            print(f"{tool:40} {sent:>8} {sent * 100 // ANSWER_BUDGET:>4}%{'  raw ' + str(raw) if raw > sent else ''}")
    over = [r for r in rows + big if r[2] > ANSWER_BUDGET]
    print(f"{len(rows)} example answers, largest sent {max(r[2] for r in rows)} bytes; over budget: {len(over)}")


if __name__ == "__main__":
    main()
