"""Human renderings: complete (nothing dropped), compact where records are flat, a checklist for doctor."""

from __future__ import annotations

from unitycli.cli.render import render_error, render_result


def test_doctor_renders_as_a_checklist_with_next_actions():
    result = {"project": "/p", "status": "fail", "counts": {"pass": 1, "fail": 1},
              "checks": [{"name": "registry", "status": "pass", "message": "45 tools", "nextActions": []},
                         {"name": "lock:urp", "status": "fail", "message": "not installed",
                          "nextActions": ["unitycli extensions sync --project /p"]}]}
    assert render_result("extensions doctor", result) == (
        "project: /p\n"
        "[ok  ] registry: 45 tools\n"
        "[FAIL] lock:urp: not installed\n"
        "       next: unitycli extensions sync --project /p\n"
        "\nfail: 1 pass, 1 fail\n")


def test_flat_records_render_one_per_line_without_empty_fields():
    text = render_result("tools run", {"items": [{"name": "a", "version": "1.0", "url": None, "deps": {}},
                                                 {"name": "b", "version": "2.0", "url": "x", "deps": {"c": "1"}}]})
    assert text == 'items:\n  - name=a version=1.0\n  - name=b version=2.0 url=x deps={"c": "1"}\n'


def test_errors_show_details_and_every_next_action():
    text = render_error({"code": "E_STALE_WRITE", "message": "changed", "details": {"path": "A.unity"},
                         "nextActions": ["one", "two"], "transient": False, "retryAfterMs": None})
    assert text == "error E_STALE_WRITE: changed\ndetails:\n  path: A.unity\nnext: one\nnext: two\n"
