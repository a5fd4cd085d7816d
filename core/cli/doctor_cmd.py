"""`unitycli doctor`: core health (Python, install, user folders, project selection), then every extension check."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

import unitycli
from unitycli.cli.state import state
from unitycli.doctor_report import DoctorReport, DoctorResult
from unitycli.errors import UnityCliError


def _writable(report: DoctorReport, name: str, folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".doctor-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        report.add(name, "fail", f"{folder} is not writable: {exc}", ["unitycli doctor"],
                   manual_steps=[f"Check the permissions of {folder}"])
        return
    report.add(name, "pass", f"{folder} is writable")


def core_checks(report: DoctorReport) -> None:
    from importlib.metadata import PackageNotFoundError, distribution

    from unitycli.host.record import is_editable
    from unitycli.project.userdata import user_cache_dir, user_data_dir

    ok = sys.version_info >= (3, 11)
    report.add("python", "pass" if ok else "fail", f"Python {sys.version.split()[0]} at {sys.executable}")
    try:
        dist = distribution("unitycli")
        kind = "editable install" if is_editable(dist) else "installed"
        report.add("install", "pass", f"unitycli {dist.version} {kind}; package at {Path(unitycli.__file__).parent}")
    except PackageNotFoundError:
        report.add("install", "warn", f"unitycli runs from {Path(unitycli.__file__).parent} without package "
                   "metadata, so extensions cannot depend on it", ["python -m pip install -e ."])
    _writable(report, "user-data", user_data_dir())
    _writable(report, "user-cache", user_cache_dir())


@click.command("doctor")
def doctor_cmd() -> DoctorResult:  # inside a CommandResult, which carries any failure beside it
    """Check the whole setup. Exit 0 all pass (warnings allowed), 1 any failure, 3 anything unverifiable."""
    from unitycli.cli.results import doctor_outcome
    from unitycli.extension_manager.doctor import extension_checks

    session = state().session
    report = DoctorReport()
    core_checks(report)
    try:
        project = session.optional_project()
    except UnityCliError as exc:
        report.add("project", "fail", exc.message, exc.next_actions, exc.details, exc.manual_steps)
        return doctor_outcome(DoctorResult.of(report))
    if project is not None:
        report.project = str(project.root)
        report.add("project", "pass", f"{project.root} (Unity {project.unity_version or '?'}, {project.instance_id})")
    extension_checks(session, report)
    return doctor_outcome(DoctorResult.of(report))
