"""Whether a tool's code is the code that was verified, asked of every plugin before the tool runs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.errors import UnityCliError

if TYPE_CHECKING:  # pragma: no cover
    import pluggy

    from unitycli.host.owners import ToolOwner

IntegrityStatus = Literal["verified", "editable", "builtin", "failed", "unverifiable"]


class IntegrityResult(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    status: IntegrityStatus
    message: str = ""
    code: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)
    next_actions: list[str] = Field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status in ("verified", "editable", "builtin")


def integrity_of(pm: pluggy.PluginManager, owner: ToolOwner) -> list[IntegrityResult]:
    return [r for r in pm.hook.unitycli_check_integrity(owner=owner) if r is not None]


def ensure_integrity(pm: pluggy.PluginManager, owner: ToolOwner) -> None:
    """Raise the first failing plugin's answer; code that fails its check never runs."""
    for result in integrity_of(pm, owner):
        if not result.ok:
            raise UnityCliError(
                result.code or "E_EXTENSION_INTEGRITY_MISMATCH",
                result.message,
                details={"owner": owner.model_dump(by_alias=True, exclude_none=True), **result.details},
                next_actions=result.next_actions,
            )
