"""Whether a tool's code is the code that was verified (answered by `unitycli.host.checks`), before it runs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.errors import UnityCliError

if TYPE_CHECKING:  # pragma: no cover
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

    def error(self, owner: ToolOwner) -> UnityCliError:
        """This failed answer as the error that stops `owner`'s tool."""
        return UnityCliError(
            self.code or "E_EXTENSION_INTEGRITY_MISMATCH",
            self.message,
            details={"owner": owner.model_dump(by_alias=True, exclude_none=True), **self.details},
            next_actions=self.next_actions,
        )
