"""The `extensions doctor` entries: `cinemachine.check`'s findings over the project, one entry per check.

The hook gets only the report (its `project` is the project root, or None outside a project), not a tool context,
so files are read straight from disk (read-only) and the installed major comes from Packages/packages-lock.json.
Projects without Cinemachine get no entries.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from unitycli.api import SceneModel, UnityCliError, UnityYamlFile, read_regular_bytes, tool_command
from unitycli_cinemachine import findings, locate

TITLES = {
    "legacy-class": ("legacy classes", "no Cinemachine 2.x classes in this 3.x project"),
    "no-brain": ("brains", "every scene with Cinemachine cameras has a CinemachineBrain"),
    "broken-target": ("targets", "every Follow / LookAt target resolves"),
    "equal-priority": ("priorities", "no cameras compete with equal priorities"),
}
MAX_DETAILS = 20


def add_checks(report: Any) -> None:
    if not report.project:
        return
    root = Path(report.project)
    major = findings.installed_major(root)
    if major is None:
        return
    found: list[findings.Finding] = []
    skipped: list[str] = []
    for path in locate.project_files_at(root):
        try:
            yaml = UnityYamlFile.parse(read_regular_bytes(root / path), path)
            found += findings.file_findings(path, yaml, SceneModel(yaml), major)
        except (UnityCliError, OSError) as exc:
            skipped.append(f"{path}: {getattr(exc, 'code', type(exc).__name__)}")
    for check in findings.CHECKS:
        if check == "legacy-class" and major != "cm3":
            continue
        title, ok_message = TITLES[check]
        hits = [f for f in found if f.check == check]
        name = f"cinemachine.{check}"
        if not hits:
            report.add(name, "pass", f"Cinemachine {title}: {ok_message}")
            continue
        files = sorted({f.file for f in hits})
        report.add(name, "warn", f"Cinemachine {title}: {len(hits)} finding(s) in {len(files)} file(s): "
                   f"{hits[0].message}" + (" …" if len(hits) > 1 else ""),
                   [tool_command("cinemachine.check", {"file": f}) for f in files[:5]],
                   {"findings": [h.model_dump(by_alias=True) for h in hits[:MAX_DETAILS]], "total": len(hits)})
    if skipped:
        report.add("cinemachine.unreadable", "unverifiable",
                   f"{len(skipped)} scene/prefab file(s) could not be read for the Cinemachine checks",
                   details={"files": skipped[:MAX_DETAILS]})
